package kimi

import (
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a Kimi Code payload into a unified event. PreToolUse,
// PostToolUse, PostToolUseFailure, PermissionRequest, UserPromptSubmit,
// Stop, SessionStart, SessionEnd, SubagentStart, SubagentStop, PreCompact
// and Notification become their *hooks.XxxEvent; Kimi's other events
// (PermissionResult, StopFailure, Interrupt, PostCompact,
// UserPromptQueued, TurnStarted, SessionHeartbeat, TaskStarted) a known
// *hooks.OtherEvent (a host-only row of the capability matrix); any other
// name an unknown one.
//
// Keys are read exactly as Kimi writes them and as its tools read the
// model's arguments (JavaScript: no case folding, the last of two equal
// keys wins). A side field of the wrong type is ignored; a tool argument a
// policy reads that is missing or not a string sets Tool.InputErr, and the
// event still parses.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	var vals [len(payloadKeys)]fastjson.Value
	var found [len(payloadKeys)]bool
	o, base, err := claudewire.Read(Host, payload, payloadKeys[:], vals[:], found[:])
	if err != nil {
		return nil, err
	}
	base.Model = o.StringAt("model")
	switch base.NativeEvent {
	case EventUserPromptSubmit:
		return &hooks.UserPromptSubmitEvent{Base: base, Prompt: promptText(&o)}, nil
	case EventPostToolUse, EventPostToolUseFailure:
		tool, err := tools.Of(&base, &o)
		if err != nil {
			return nil, err
		}
		if base.NativeEvent == EventPostToolUse {
			out := hooks.ToolOutput{Text: o.StringAt("tool_output"), Raw: o.RawAt("tool_output")}
			return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: out}, nil
		}
		return &hooks.PostToolUseFailureEvent{Base: base, Tool: tool, Error: errorText(&o)}, nil
	case EventSubagentStart:
		return &hooks.SubagentStartEvent{Base: base, Agent: hooks.Agent{Type: o.StringAt("agent_name"), Task: o.StringAt("prompt")}}, nil
	case EventSubagentStop:
		return &hooks.SubagentStopEvent{Base: base, Agent: hooks.Agent{Type: o.StringAt("agent_name")}, LastMessage: o.StringAt("response")}, nil
	}
	return claudewire.Event(capabilities[:], &tools, base, &o)
}

// promptText reads UserPromptSubmit's prompt: an array of content parts
// in Kimi 2.1.0 ([{"type":"text","text":…}, {"type":"image_url",…}]),
// whose text parts are joined with newlines (images and other parts are
// left out; they stay in Raw); a plain string is taken as it is.
func promptText(o *fastjson.Picked) string {
	v, ok := o.Get("prompt")
	if !ok {
		return ""
	}
	if s, ok := v.String(); ok {
		return s
	}
	var parts []string
	v.Elements(func(e fastjson.Value) bool {
		if e.IsObject() && e.StringAt("type") == "text" {
			if t, ok := e.Get("text"); ok {
				if s, ok := t.String(); ok {
					parts = append(parts, s)
				}
			}
		}
		return true
	})
	return strings.Join(parts, "\n")
}

// errorText reads PostToolUseFailure's error: an object with a message
// (Kimi's error payload), or a string.
func errorText(o *fastjson.Picked) string {
	v, ok := o.Get("error")
	if !ok {
		return ""
	}
	if s, ok := v.String(); ok {
		return s
	}
	if v.IsObject() {
		return v.StringAt("message")
	}
	return ""
}

// payloadKeys are the top-level fields Parse reads, picked in one pass.
var payloadKeys = [...]string{"hook_event_name", "session_id", "cwd", "model", "source", "reason", "prompt",
	"tool_name", "tool_input", "tool_call_id", "tool_output", "error", "stop_hook_active", "agent_name",
	"response", "trigger", "notification_type", "message"}
