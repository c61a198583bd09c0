package kimi

import (
	"errors"
	"fmt"
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
// *hooks.OtherEvent; any other name an unknown one.
//
// Keys are read exactly as Kimi writes them and as its tools read the
// model's arguments (JavaScript: no case folding, the last of two equal
// keys wins). A side field of the wrong type is ignored; a tool argument a
// policy reads that is missing or not a string sets Tool.InputErr, and the
// event still parses.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return nil, fmt.Errorf("kimi payload: %w", fastjson.ObjectErr(payload))
	}
	var vals [len(payloadKeys)]fastjson.Value
	var found [len(payloadKeys)]bool
	o := d.Value().Pick(payloadKeys[:], vals[:], found[:])
	native := o.StringAt("hook_event_name")
	if native == "" {
		return nil, errors.New("kimi payload has no hook_event_name")
	}
	base := hooks.Base{
		Host:        Host,
		NativeEvent: native,
		SessionID:   o.StringAt("session_id"),
		Cwd:         o.StringAt("cwd"),
		Model:       o.StringAt("model"),
		Raw:         payload,
	}
	switch native {
	case EventSessionStart:
		return &hooks.SessionStartEvent{Base: base, Source: o.StringAt("source")}, nil
	case EventSessionEnd:
		return &hooks.SessionEndEvent{Base: base, Reason: o.StringAt("reason")}, nil
	case EventUserPromptSubmit:
		return &hooks.UserPromptSubmitEvent{Base: base, Prompt: promptText(&o)}, nil
	case EventPreToolUse, EventPostToolUse, EventPostToolUseFailure, EventPermissionRequest:
		name := o.StringAt("tool_name")
		if name == "" {
			return nil, fmt.Errorf("kimi %s payload has no tool_name", native)
		}
		tool := parseTool(name, &o)
		switch native {
		case EventPreToolUse:
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		case EventPostToolUse:
			out := o.StringAt("tool_output")
			return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: hooks.ToolOutput{Text: out, Raw: o.RawAt("tool_output")}}, nil
		case EventPostToolUseFailure:
			return &hooks.PostToolUseFailureEvent{Base: base, Tool: tool, Error: errorText(&o)}, nil
		}
		return &hooks.PermissionRequestEvent{Base: base, Tool: tool}, nil
	case EventStop:
		active := o.BoolAt("stop_hook_active")
		return &hooks.StopEvent{Base: base, Active: active, LoopCount: claudewire.Loops(active)}, nil
	case EventSubagentStart:
		name := o.StringAt("agent_name")
		return &hooks.SubagentStartEvent{Base: base, Agent: hooks.Agent{Type: name, Task: o.StringAt("prompt")}}, nil
	case EventSubagentStop:
		return &hooks.SubagentStopEvent{Base: base, Agent: hooks.Agent{Type: o.StringAt("agent_name")}, LastMessage: o.StringAt("response")}, nil
	case EventPreCompact:
		return &hooks.PreCompactEvent{Base: base, Trigger: o.StringAt("trigger")}, nil
	case EventNotification:
		return &hooks.NotificationEvent{Base: base, Kind: o.StringAt("notification_type"), Message: o.StringAt("message")}, nil
	case EventPermissionResult, EventStopFailure, EventInterrupt, EventPostCompact,
		EventUserPromptQueued, EventTurnStarted, EventSessionHeartbeat, EventTaskStarted:
		return &hooks.OtherEvent{Base: base}, nil
	}
	return &hooks.OtherEvent{Base: base, Unknown: true}, nil
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
