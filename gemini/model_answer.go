package gemini

import (
	"cmp"
	"encoding/json"
	"errors"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// defaultAnswered is the reason written with an answer in the model's
// place (BeforeModel takes a synthetic response only with a deny, and
// shows its reason as "Agent execution blocked: <reason>").
const defaultAnswered = "Answered by a hook instead of the model."

// The native forms of the model-level answers, as Gemini CLI 0.61 reads
// them (hookTranslator fromHookLLMRequest, fromHookLLMResponse,
// fromHookToolConfig).
type (
	wireRequest struct {
		Model    string        `json:"model,omitempty"`
		Messages []wireMessage `json:"messages,omitempty"`
		Config   *wireConfig   `json:"config,omitempty"`
	}
	wireMessage struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	wireConfig struct {
		Temperature     *float64 `json:"temperature,omitempty"`
		MaxOutputTokens *int     `json:"maxOutputTokens,omitempty"`
		TopP            *float64 `json:"topP,omitempty"`
		TopK            *float64 `json:"topK,omitempty"`
	}
	wireResponse struct {
		Text          string          `json:"text"`
		Candidates    []wireCandidate `json:"candidates"`
		UsageMetadata json.RawMessage `json:"usageMetadata,omitempty"`
	}
	wireCandidate struct {
		Content      wireContent `json:"content"`
		FinishReason string      `json:"finishReason,omitempty"`
		Index        int         `json:"index"`
	}
	wireContent struct {
		Role  string   `json:"role"`
		Parts []string `json:"parts"`
	}
	wireToolConfig struct {
		Mode                 string   `json:"mode"`
		AllowedFunctionNames []string `json:"allowedFunctionNames,omitempty"`
	}
)

// modelAnswer writes r's model-level fields into out (hooks.Fit has left
// them only on the events that take them):
//
//   - ModelRequest (BeforeModel): hookSpecificOutput.llm_request, the
//     request's own values where the override leaves them zero. Gemini
//     sets every sampling setting of a config it is given, unset ones to
//     nothing, so the config is written whole or not at all.
//   - ModelResponse: hookSpecificOutput.llm_response. On BeforeModel with
//     decision "deny" (Gemini ignores it otherwise) and the reason;
//     on AfterModel with the chunk's own finish reasons and usage where
//     the answer has none. A candidate without parts gets one empty part:
//     Gemini ignores a replacement whose first candidate has none.
//   - ToolChoice (BeforeToolSelection): hookSpecificOutput.toolConfig,
//     {mode: AUTO|ANY|NONE, allowedFunctionNames}.
func modelAnswer(ev hooks.Event, r hooks.Response, out *Output, spec func() *HookSpecificOutput) error {
	if r.ModelRequest != nil {
		e, ok := ev.(*hooks.ModelRequestEvent)
		if !ok {
			return errors.New("gemini: a request override is honoured on BeforeModel only")
		}
		b, err := marshal(wireRequestOf(&e.Request, r.ModelRequest))
		if err != nil {
			return err
		}
		spec().LLMRequest = b
	}
	if r.ModelResponse != nil {
		var orig *hooks.ModelResponse
		switch e := ev.(type) {
		case *hooks.ModelRequestEvent:
			if out.Decision == "" {
				out.Decision, out.Reason = "deny", firstOf(r.Reason, defaultAnswered)
			}
		case *hooks.ModelResponseEvent:
			orig = &e.Response
		default:
			return errors.New("gemini: a model response is honoured on BeforeModel and AfterModel only")
		}
		b, err := marshal(wireResponseOf(orig, r.ModelResponse))
		if err != nil {
			return err
		}
		spec().LLMResponse = b
	}
	if c := r.ToolChoice; c != nil {
		if _, ok := ev.(*hooks.ToolSelectionEvent); !ok {
			return errors.New("gemini: a tool choice is honoured on BeforeToolSelection only")
		}
		mode := strings.ToUpper(string(c.Mode))
		switch {
		case c.Mode != hooks.ToolsAuto && c.Mode != hooks.ToolsAny && c.Mode != hooks.ToolsNone:
			return errors.New("gemini: unknown tool mode " + string(c.Mode) + " (auto, any or none)")
		case len(c.Allowed) > 0 && c.Mode != hooks.ToolsAny:
			return errors.New("gemini: allowed tools need the mode any (Gemini's API reads them only with it)")
		}
		b, err := marshal(wireToolConfig{Mode: mode, AllowedFunctionNames: c.Allowed})
		if err != nil {
			return err
		}
		spec().ToolConfig = b
	}
	return nil
}

// wireRequestOf is the override o of orig in Gemini's form.
func wireRequestOf(orig, o *hooks.ModelRequest) wireRequest {
	w := wireRequest{Model: o.Model}
	if o.Messages != nil {
		w.Messages = make([]wireMessage, len(o.Messages))
		for i, m := range o.Messages {
			role := m.Role
			if role == "" && i < len(orig.Messages) {
				role = orig.Messages[i].Role
			}
			w.Messages[i] = wireMessage{Role: cmp.Or(role, "user"), Content: m.Content}
		}
	}
	oc, c := o.Config, orig.Config
	if oc.Temperature != nil || oc.MaxOutputTokens != nil || oc.TopP != nil || oc.TopK != nil {
		w.Config = &wireConfig{Temperature: c.Temperature, MaxOutputTokens: c.MaxOutputTokens, TopP: c.TopP, TopK: c.TopK}
		if oc.Temperature != nil {
			w.Config.Temperature = oc.Temperature
		}
		if oc.MaxOutputTokens != nil {
			w.Config.MaxOutputTokens = oc.MaxOutputTokens
		}
		if oc.TopP != nil {
			w.Config.TopP = oc.TopP
		}
		if oc.TopK != nil {
			w.Config.TopK = oc.TopK
		}
	}
	return w
}

// wireResponseOf is the answer a in Gemini's form; orig is the chunk it
// replaces (nil on BeforeModel).
func wireResponseOf(orig, a *hooks.ModelResponse) wireResponse {
	cands := a.Candidates
	if len(cands) == 0 {
		cands = []hooks.ModelCandidate{{Parts: []string{a.Text}}}
	}
	w := wireResponse{Text: a.ResponseText(), Candidates: make([]wireCandidate, len(cands))}
	for i, c := range cands {
		parts := c.Parts
		if len(parts) == 0 {
			parts = []string{""}
		}
		fr := c.FinishReason
		if fr == "" && orig != nil && i < len(orig.Candidates) {
			fr = orig.Candidates[i].FinishReason
		}
		w.Candidates[i] = wireCandidate{Content: wireContent{Role: "model", Parts: parts}, FinishReason: fr, Index: c.Index}
	}
	if orig != nil {
		if u, ok := fastjson.Path(orig.Raw, "usageMetadata"); ok && u.IsObject() {
			w.UsageMetadata = u.Raw()
		}
	}
	return w
}
