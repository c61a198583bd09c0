package hooks

import (
	"context"
	"encoding/json"
	"strings"
)

// The model-level events: around each call the agent makes to its model.
// Only Gemini CLI sends them today (BeforeModel, AfterModel,
// BeforeToolSelection); they are unified so that another host's can map
// onto them later. Gemini CLI fires all three on every model call, and
// PostModel on every streamed chunk: an installer registers them only
// when asked.
const (
	// PreModel is sent before a call to the model ([ModelRequestEvent]).
	PreModel EventName = "PreModel"
	// PostModel is sent for each response chunk of the model
	// ([ModelResponseEvent]), before the user sees it.
	PostModel EventName = "PostModel"
	// PreToolSelection is sent before the model is offered its tools
	// ([ToolSelectionEvent]).
	PreToolSelection EventName = "PreToolSelection"
)

// ModelRequestEvent is sent before the agent calls its model (Gemini
// BeforeModel). A handler can rewrite the request ([OverrideRequest]),
// answer instead of the model ([ReplaceResponse]: the model is not
// called), or Deny (the model is not called and the turn ends).
type ModelRequestEvent struct {
	Base
	// Request is the request, in the host's hook view.
	Request ModelRequest `json:"request"`
	// ReadErr is set when the request could not be read whole into
	// Request (not the expected shape, or past the bounds of
	// [MaxModelItems]): Request then holds what was read, Base.Raw all of
	// it. A policy that must see every message should not let it pass.
	ReadErr error `json:"-"`
}

// ModelResponseEvent is sent for each chunk of the model's streamed
// response, before the user sees it (Gemini AfterModel). A handler can
// replace the chunk ([ReplaceResponse], [ReplaceText]): the hook for
// redacting secrets or personal data. A secret split across two chunks
// is in neither whole.
type ModelResponseEvent struct {
	Base
	// Request is the request the chunk answers.
	Request ModelRequest `json:"request"`
	// Response is the chunk.
	Response ModelResponse `json:"response"`
	// ReadErr is set when the request or the chunk could not be read
	// whole (see [ModelRequestEvent.ReadErr]).
	ReadErr error `json:"-"`
}

// ToolSelectionEvent is sent before the model is offered its tools
// (Gemini BeforeToolSelection). A handler can restrict the tools the
// model may call ([RestrictTools]).
type ToolSelectionEvent struct {
	Base
	// Request is the request the tools are offered with (Gemini shows no
	// tool list here).
	Request ModelRequest `json:"request"`
	// ReadErr is set when the request could not be read whole (see
	// [ModelRequestEvent.ReadErr]).
	ReadErr error `json:"-"`
}

// Name methods of the model-level events.

func (*ModelRequestEvent) Name() EventName  { return PreModel }
func (*ModelResponseEvent) Name() EventName { return PostModel }
func (*ToolSelectionEvent) Name() EventName { return PreToolSelection }

// MaxModelItems bounds what an adapter reads of a model request or
// response into the typed values: messages, candidates and parts
// together. A payload with more (a model can make its answer as long as
// the host lets it) is read that far and the event's ReadErr says so.
const MaxModelItems = 1 << 14

// ModelRequest is a request to the model, in the host's hook view: Gemini
// shows only text, so a message is the text of one turn and the turns
// that hold no text (tool calls, tool results) are left out.
type ModelRequest struct {
	// Model is the model the request is for ("gemini-2.5-flash").
	Model string `json:"model,omitempty"`
	// Messages are the text turns, oldest first.
	Messages []ModelMessage `json:"messages,omitempty"`
	// Config holds the sampling settings the host shows.
	Config ModelConfig `json:"config"`
	// Raw is the request exactly as received (nil in an override).
	Raw json.RawMessage `json:"-"`
}

// ModelMessage is one text turn of a [ModelRequest].
type ModelMessage struct {
	// Role is "user" or "model" (Gemini; "system" is possible).
	Role string `json:"role"`
	// Content is the turn's text, its text parts joined.
	Content string `json:"content"`
}

// ModelConfig holds the sampling settings of a [ModelRequest]: nil when
// the host did not set one (in an override: keep the request's own).
type ModelConfig struct {
	Temperature     *float64 `json:"temperature,omitempty"`
	MaxOutputTokens *int     `json:"max_output_tokens,omitempty"`
	TopP            *float64 `json:"top_p,omitempty"`
	TopK            *float64 `json:"top_k,omitempty"`
}

// ModelResponse is a model response, or one chunk of a streamed one, in
// the host's hook view: text only (Gemini leaves function calls out of
// it).
type ModelResponse struct {
	// Text is the response's text, as the host reports it.
	Text string `json:"text,omitempty"`
	// Candidates are the alternatives; the agent uses the first. In an
	// answer, none means one candidate holding Text.
	Candidates []ModelCandidate `json:"candidates,omitempty"`
	// Raw is the response exactly as received (nil in an answer).
	Raw json.RawMessage `json:"-"`
}

// ModelCandidate is one alternative of a [ModelResponse].
type ModelCandidate struct {
	// Parts are the text parts of the candidate.
	Parts []string `json:"parts"`
	// FinishReason is why the model stopped ("STOP", …), "" while it
	// streams. In an answer, "" keeps the received chunk's own.
	FinishReason string `json:"finish_reason,omitempty"`
	// Index is the candidate's position.
	Index int `json:"index"`
}

// ToolMode says whether the model may, must or must not call a tool.
type ToolMode string

// The tool modes of a [ToolChoice].
const (
	// ToolsAuto lets the model choose between text and a tool call.
	ToolsAuto ToolMode = "auto"
	// ToolsAny makes the model call a tool (one of Allowed, when set) on
	// this request: it cannot answer with text. On every request, it
	// never finishes.
	ToolsAny ToolMode = "any"
	// ToolsNone keeps the model from calling any tool.
	ToolsNone ToolMode = "none"
)

// ToolChoice restricts the tools the model may call on one request. The
// host passes it to the model's API, which enforces it: the tools are
// still declared to the model.
type ToolChoice struct {
	Mode ToolMode `json:"mode"`
	// Allowed names the only tools the model may call (with ToolsAny).
	Allowed []string `json:"allowed,omitempty"`
}

// OverrideRequest returns a response that rewrites the model request on
// PreModel. Fields of req left zero keep the request's own: Model "",
// Messages nil, each nil Config setting. Messages replace the text of the
// request's messages in order (Gemini keeps the turns' other parts); a
// longer list adds messages at the end, a shorter one leaves the rest as
// they were (no message can be removed).
func OverrideRequest(req ModelRequest) Response { return Response{ModelRequest: &req} }

// ReplaceResponse returns a response that gives resp in place of the
// model's: on PostModel it replaces the chunk the user would see; on
// PreModel it answers instead of the model, which is not called (Gemini
// reports the turn as blocked, with the response's Reason). Replace only
// chunks whose text you change: a chunk with no text is one carrying a
// tool call (Gemini shows text only), and Gemini's source drops the call
// from a replaced chunk (not measured).
func ReplaceResponse(resp ModelResponse) Response { return Response{ModelResponse: &resp} }

// ReplaceText is [ReplaceResponse] with a response holding only text.
func ReplaceText(text string) Response { return ReplaceResponse(ModelResponse{Text: text}) }

// RestrictTools returns a response that restricts the tools the model
// may call on PreToolSelection (see [ToolMode]).
func RestrictTools(mode ToolMode, allowed ...string) Response {
	return Response{ToolChoice: &ToolChoice{Mode: mode, Allowed: allowed}}
}

// ResponseText returns the text of r's first candidate, its parts joined,
// or r.Text when it has no candidate: the text the agent goes on with.
func (r *ModelResponse) ResponseText() string {
	if len(r.Candidates) == 0 {
		return r.Text
	}
	return strings.Join(r.Candidates[0].Parts, "")
}

// modelHandler returns the typed handler of h for a model-level event,
// bound to it, or nil.
func (h *Handlers) modelHandler(ev Event) func(context.Context) (Response, error) {
	switch e := ev.(type) {
	case *ModelRequestEvent:
		if h.PreModel != nil {
			return func(ctx context.Context) (Response, error) { return h.PreModel(ctx, e) }
		}
	case *ModelResponseEvent:
		if h.PostModel != nil {
			return func(ctx context.Context) (Response, error) { return h.PostModel(ctx, e) }
		}
	case *ToolSelectionEvent:
		if h.PreToolSelection != nil {
			return func(ctx context.Context) (Response, error) { return h.PreToolSelection(ctx, e) }
		}
	}
	return nil
}

// hasModel reports whether h has a typed handler for a model-level event.
func (h *Handlers) hasModel(name EventName) bool {
	switch name {
	case PreModel:
		return h.PreModel != nil
	case PostModel:
		return h.PostModel != nil
	case PreToolSelection:
		return h.PreToolSelection != nil
	}
	return false
}

// modelFields returns the model-level fields r uses.
func (r Response) modelFields() Field {
	var f Field
	if r.ModelRequest != nil {
		f |= FieldModelRequest
	}
	if r.ModelResponse != nil {
		f |= FieldModelResponse
	}
	if r.ToolChoice != nil {
		f |= FieldToolChoice
	}
	return f
}
