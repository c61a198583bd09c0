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
// *hooks.PreCompactEvent, Notification; BeforeModel, AfterModel,
// BeforeToolSelection and events of unknown names -> *hooks.OtherEvent
// (with Base.Model from llm_request.model when there is one).
//
// The payload must be exactly one JSON object with a hook_event_name.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	var in Input
	var err error
	if !fastInput(payload, &in) {
		in = Input{}
		err = decodeObject(payload, &in)
	}
	if err != nil {
		// An event this adapter does not know may carry its own fields
		// with types Input does not expect: keep the common ones.
		if !errors.Is(err, errNotObject) && json.Unmarshal(payload, &in.Common) == nil &&
			in.HookEventName != "" && !known(in.HookEventName) {
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
	}
	if len(in.LLMRequest) > 0 {
		var req struct {
			Model string `json:"model"`
		}
		if json.Unmarshal(in.LLMRequest, &req) == nil {
			b.Model = req.Model
		}
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
	if !isObject(in.ToolInput) {
		return hooks.Tool{}, fmt.Errorf("gemini %s payload: tool_input of %s is not a JSON object", in.HookEventName, in.ToolName)
	}
	typed, err := toolInput(in.ToolName, in.ToolInput, in.MCPContext)
	if err != nil {
		return hooks.Tool{}, fmt.Errorf("gemini %s payload: %w", in.HookEventName, err)
	}
	return hooks.Tool{Name: in.ToolName, Input: typed, RawInput: in.ToolInput}, nil
}

// toolOutput lifts an AfterTool tool_response: Text is llmContent when it
// is a string, or the text of its parts when it is a part list (MCP
// tools); Raw is the whole tool_response.
func toolOutput(raw json.RawMessage) hooks.ToolOutput {
	out := hooks.ToolOutput{Raw: raw}
	var r ToolResponse
	if isObject(raw) && (fastDecode(raw, &r) || json.Unmarshal(raw, &r) == nil) {
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
	switch raw[0] {
	case '"':
		if s, ok := fastjson.StringValue(raw); ok {
			return s
		}
		var s string
		json.Unmarshal(raw, &s)
		return s
	case '{':
		var p struct {
			Text string `json:"text"`
		}
		json.Unmarshal(raw, &p)
		return p.Text
	case '[':
		if !list {
			return ""
		}
		var parts []json.RawMessage
		if json.Unmarshal(raw, &parts) != nil {
			return ""
		}
		var s []byte
		for _, p := range parts {
			s = append(s, contentText(p, false)...)
		}
		return string(s)
	}
	return ""
}
