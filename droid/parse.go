package droid

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a Droid payload into a unified event. PreToolUse,
// PostToolUse, UserPromptSubmit, Notification, Stop, SubagentStop,
// PreCompact, SessionStart and SessionEnd become their *hooks.XxxEvent;
// any other name becomes an unknown *hooks.OtherEvent.
//
// Keys are read exactly as Droid writes them and as its tools read the
// model's arguments (JavaScript: no case folding, the last of two equal
// keys wins). A side field of the wrong type is ignored; a tool argument a
// policy reads that is missing or not a string sets Tool.InputErr, and the
// event still parses.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return nil, fmt.Errorf("droid payload: %w", fastjson.ObjectErr(payload))
	}
	var vals [len(payloadKeys)]fastjson.Value
	var found [len(payloadKeys)]bool
	o := d.Value().Pick(payloadKeys[:], vals[:], found[:])
	native := o.StringAt("hook_event_name")
	if native == "" {
		return nil, errors.New("droid payload has no hook_event_name")
	}
	base := hooks.Base{
		Host:           Host,
		NativeEvent:    native,
		SessionID:      o.StringAt("session_id"),
		Cwd:            o.StringAt("cwd"),
		TranscriptPath: o.StringAt("transcript_path"),
		PermissionMode: o.StringAt("permission_mode"),
		Raw:            payload,
	}
	switch native {
	case EventSessionStart:
		return &hooks.SessionStartEvent{Base: base, Source: o.StringAt("source")}, nil
	case EventSessionEnd:
		return &hooks.SessionEndEvent{Base: base, Reason: o.StringAt("reason")}, nil
	case EventUserPromptSubmit:
		return &hooks.UserPromptSubmitEvent{Base: base, Prompt: o.StringAt("prompt")}, nil
	case EventPreToolUse, EventPostToolUse:
		name := o.StringAt("tool_name")
		if name == "" {
			return nil, fmt.Errorf("droid %s payload has no tool_name", native)
		}
		tool := parseTool(name, &o)
		if native == EventPreToolUse {
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		}
		return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: toolOutput(&o)}, nil
	case EventStop:
		active := o.BoolAt("stop_hook_active")
		return &hooks.StopEvent{Base: base, Active: active, LoopCount: claudewire.Loops(active)}, nil
	case EventSubagentStop:
		active := o.BoolAt("stop_hook_active")
		return &hooks.SubagentStopEvent{Base: base, Active: active, LoopCount: claudewire.Loops(active)}, nil
	case EventPreCompact:
		return &hooks.PreCompactEvent{Base: base, Trigger: o.StringAt("trigger")}, nil
	case EventNotification:
		return &hooks.NotificationEvent{Base: base, Kind: o.StringAt("notification_type"), Message: o.StringAt("message")}, nil
	}
	return &hooks.OtherEvent{Base: base, Unknown: true}, nil
}

// toolOutput lifts a PostToolUse tool_response, which Droid sends as a
// string: plain text (Execute, Read) or JSON text (Create). Text is the
// string; Raw is the JSON it holds when it holds JSON, else the string.
func toolOutput(o *fastjson.Picked) hooks.ToolOutput {
	raw := o.RawAt("tool_response")
	s := o.StringAt("tool_response")
	out := hooks.ToolOutput{Text: s, Raw: raw}
	if s != "" && (s[0] == '{' || s[0] == '[') && json.Valid([]byte(s)) {
		out.Raw = json.RawMessage(s)
	}
	return out
}

// payloadKeys are the top-level fields Parse reads, picked in one pass.
var payloadKeys = [...]string{"hook_event_name", "session_id", "cwd", "transcript_path", "source", "reason", "prompt", "tool_name", "tool_input", "tool_response", "stop_hook_active", "trigger", "notification_type", "message", "permission_mode"}
