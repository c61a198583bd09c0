package droid

import (
	"encoding/json"

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
	var vals [len(payloadKeys)]fastjson.Value
	var found [len(payloadKeys)]bool
	o, base, err := claudewire.Read(Host, payload, payloadKeys[:], vals[:], found[:])
	if err != nil {
		return nil, err
	}
	base.TranscriptPath, base.PermissionMode = o.StringAt("transcript_path"), o.StringAt("permission_mode")
	switch base.NativeEvent {
	case EventPostToolUse:
		tool, err := tools.Of(&base, &o)
		if err != nil {
			return nil, err
		}
		return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: toolOutput(&o)}, nil
	case EventSubagentStop:
		active := o.BoolAt("stop_hook_active")
		return &hooks.SubagentStopEvent{Base: base, Active: active, LoopCount: claudewire.Loops(active)}, nil
	}
	return claudewire.Event(capabilities[:], &tools, base, &o)
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
