package pi

import (
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a payload of the extension into a unified event: tool_call
// becomes *hooks.PreToolUseEvent, tool_result *hooks.PostToolUseEvent,
// session_start *hooks.SessionStartEvent and agent_end *hooks.StopEvent;
// any other event an *hooks.OtherEvent. The native event is pi_hook.
//
// The input is the one Pi runs the tool with, after Pi prepared and
// validated it (an edit call's legacy oldText/newText already turned into
// edits), written by the extension with JSON.stringify (so no key appears
// twice). An argument a policy reads that is missing or not a string sets
// Tool.InputErr; the event still parses.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return nil, fmt.Errorf("pi payload: %w", fastjson.ObjectErr(payload))
	}
	var vals [len(payloadKeys)]fastjson.Value
	var found [len(payloadKeys)]bool
	o := d.Value().Pick(payloadKeys[:], vals[:], found[:])
	native := o.StringAt("pi_hook")
	if native == "" {
		return nil, errors.New("pi payload has no pi_hook")
	}
	base := hooks.Base{
		Host:        Host,
		NativeEvent: native,
		SessionID:   o.StringAt("session_id"),
		Cwd:         o.StringAt("cwd"),
		Raw:         payload,
	}
	switch native {
	case EventToolCall, EventToolResult:
		name := o.StringAt("tool")
		if name == "" {
			return nil, fmt.Errorf("pi %s payload has no tool", native)
		}
		tool := parseTool(name, o.StringAt("call_id"), o.RawAt("input"))
		if native == EventToolCall {
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		}
		return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: toolOutput(&o)}, nil
	case EventSessionStart:
		src := o.StringAt("reason")
		if src == "" {
			src = "startup"
		}
		return &hooks.SessionStartEvent{Base: base, Source: src}, nil
	case EventAgentEnd:
		return &hooks.StopEvent{Base: base}, nil
	}
	return &hooks.OtherEvent{Base: base, Unknown: true}, nil
}

// toolOutput lifts the result of tool_result, {content, details,
// isError}: Text is the text of its content parts (what the model reads),
// Raw the whole result.
func toolOutput(o *fastjson.Picked) hooks.ToolOutput {
	out := hooks.ToolOutput{Raw: o.RawAt("result")}
	r, ok := o.ObjectAt("result")
	if !ok {
		return out
	}
	parts, ok := r.Get("content")
	if !ok {
		return out
	}
	parts.Elements(func(part fastjson.Value) bool {
		if part.Has("type") && part.StringAt("type") != "text" {
			return true
		}
		out.Text += part.StringAt("text")
		return true
	})
	return out
}

// payloadKeys are the top-level fields Parse reads, picked in one pass.
var payloadKeys = [...]string{"pi_hook", "session_id", "cwd", "tool", "call_id", "input", "result", "reason"}
