package gemini

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a Gemini CLI payload into a unified event: BeforeTool ->
// *hooks.PreToolUseEvent, AfterTool -> *hooks.PostToolUseEvent,
// BeforeAgent -> *hooks.UserPromptSubmitEvent, AfterAgent ->
// *hooks.StopEvent, SessionStart, SessionEnd, PreCompress ->
// *hooks.PreCompactEvent, Notification; BeforeModel ->
// *hooks.ModelRequestEvent, AfterModel -> *hooks.ModelResponseEvent,
// BeforeToolSelection -> *hooks.ToolSelectionEvent (each with Base.Model
// from llm_request.model); events of unknown names -> *hooks.OtherEvent.
//
// The payload must be exactly one JSON object with a hook_event_name.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	var in Input
	if !fastInput(payload, &in) {
		// Not one JSON object, or a field of the wrong type: encoding/json
		// says which (its decoded value is not used: it folds keys' case).
		err := decodeObject(payload, new(Input))
		if err == nil {
			err = errors.New("payload could not be read")
		}
		// An event this adapter does not know may carry its own fields
		// with types Input does not expect: keep the common ones.
		if c, ok := readCommon(payload); !errors.Is(err, errNotObject) && ok &&
			c.HookEventName != "" && !known(c.HookEventName) {
			in = Input{Common: c}
			return &hooks.OtherEvent{Base: base(&in, payload), Unknown: true}, nil
		}
		return nil, fmt.Errorf("gemini payload: %w", err)
	}
	if in.HookEventName == "" {
		return nil, errors.New("gemini payload: no hook_event_name")
	}
	b := base(&in, payload)
	switch in.HookEventName {
	case EventBeforeTool:
		t, err := parseTool(&in)
		if err != nil {
			return nil, err
		}
		return &hooks.PreToolUseEvent{Base: b, Tool: t}, nil
	case EventAfterTool:
		t, err := parseTool(&in)
		if err != nil {
			return nil, err
		}
		return &hooks.PostToolUseEvent{Base: b, Tool: t, Output: toolOutput(in.ToolResponse)}, nil
	case EventBeforeAgent:
		return &hooks.UserPromptSubmitEvent{Base: b, Prompt: in.Prompt}, nil
	case EventAfterAgent:
		ev := &hooks.StopEvent{Base: b, Active: in.StopHookActive, LastMessage: in.PromptResponse}
		if in.StopHookActive {
			ev.LoopCount = 1
		}
		return ev, nil
	case EventSessionStart:
		return &hooks.SessionStartEvent{Base: b, Source: in.Source}, nil
	case EventSessionEnd:
		return &hooks.SessionEndEvent{Base: b, Reason: in.Reason}, nil
	case EventPreCompress:
		return &hooks.PreCompactEvent{Base: b, Trigger: in.Trigger}, nil
	case EventNotification:
		return &hooks.NotificationEvent{Base: b, Kind: in.NotificationType, Message: in.Message}, nil
	case EventBeforeModel, EventAfterModel, EventBeforeToolSelection:
		return parseModel(&in, b), nil
	}
	return &hooks.OtherEvent{Base: b, Unknown: !known(b.NativeEvent)}, nil
}

var errNotObject = errors.New("not a JSON object")

// decodeObject decodes data, which must be exactly one JSON object (a
// second document after it is an error), into v.
func decodeObject(data []byte, v any) error {
	if !isObject(data) {
		return errNotObject
	}
	return json.Unmarshal(data, v)
}

// isObject reports whether data starts, after white space, with "{".
func isObject(data []byte) bool {
	for _, c := range data {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '{':
			return true
		}
		return false
	}
	return false
}

// readCommon reads the fields every event carries, each exactly and only
// when it has its type.
func readCommon(payload []byte) (c Common, ok bool) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return c, false
	}
	d.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "session_id":
			c.SessionID, _ = v.String()
		case "transcript_path":
			c.TranscriptPath, _ = v.String()
		case "cwd":
			c.Cwd, _ = v.String()
		case "hook_event_name":
			c.HookEventName, _ = v.String()
		case "timestamp":
			c.Timestamp, _ = v.String()
		}
		return true
	})
	return c, true
}

func base(in *Input, payload []byte) hooks.Base {
	return hooks.Base{
		Host:           Host,
		NativeEvent:    in.HookEventName,
		SessionID:      in.SessionID,
		Cwd:            in.Cwd,
		TranscriptPath: in.TranscriptPath,
		Raw:            payload,
	}
}

func parseTool(in *Input) (hooks.Tool, error) {
	if in.ToolName == "" {
		return hooks.Tool{}, fmt.Errorf("gemini %s payload: no tool_name", in.HookEventName)
	}
	raw := in.ToolInput
	var notObject error
	if !isObject(raw) {
		// The model's arguments: the handler judges (Tool.InputErr).
		notObject = fmt.Errorf("tool_input of %s is not a JSON object", in.ToolName)
		raw = json.RawMessage("{}")
	}
	typed, inputErr := toolInput(in.ToolName, raw, in.MCPContext)
	if notObject != nil {
		inputErr = notObject
	}
	return hooks.Tool{Name: in.ToolName, Input: typed, RawInput: in.ToolInput, InputErr: inputErr}, nil
}

// toolOutput lifts an AfterTool tool_response: Text is llmContent when it
// is a string, or the text of its parts when it is a part list (MCP
// tools); Raw is the whole tool_response.
func toolOutput(raw json.RawMessage) hooks.ToolOutput {
	out := hooks.ToolOutput{Raw: raw}
	if r, ok := readResponse(raw); ok {
		out.Text = contentText(r.LLMContent, true)
	}
	return out
}

// contentText returns the text of a Gemini PartListUnion: a string, a
// part {text}, or (when list) a list of those, concatenated as Gemini does.
func contentText(raw json.RawMessage, list bool) string {
	if len(raw) == 0 {
		return ""
	}
	v, ok := fastjson.Parse(raw)
	if !ok {
		return ""
	}
	switch v.Kind() {
	case "string":
		s, _ := v.String()
		return s
	case "object":
		if t, ok := v.Get("text"); ok {
			s, _ := t.String()
			return s
		}
	case "array":
		if !list {
			return ""
		}
		var s []byte
		v.Elements(func(p fastjson.Value) bool {
			s = append(s, contentText(p.Raw(), false)...)
			return true
		})
		return string(s)
	}
	return ""
}
