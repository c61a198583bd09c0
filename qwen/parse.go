package qwen

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a Qwen Code payload into a unified event. SessionStart,
// SessionEnd, UserPromptSubmit, PreToolUse, PostToolUse,
// PostToolUseFailure, PermissionRequest, Stop, SubagentStart,
// SubagentStop, PreCompact and Notification become their *hooks.XxxEvent;
// Qwen's other events (PostToolBatch, MessageDisplay, InstructionsLoaded,
// …) and unknown names become *hooks.OtherEvent.
//
// Keys are read exactly as Qwen writes them and as its tools read the
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
	base.TranscriptPath, base.Model, base.PermissionMode = o.StringAt("transcript_path"), o.StringAt("model"), o.StringAt("permission_mode")
	agent := hooks.Agent{ID: o.StringAt("agent_id"), Type: o.StringAt("agent_type")}
	switch base.NativeEvent {
	case EventPostToolUse, EventPostToolUseFailure:
		tool, err := tools.Of(&base, &o)
		if err != nil {
			return nil, err
		}
		if base.NativeEvent == EventPostToolUse {
			return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: toolOutput(&o)}, nil
		}
		return &hooks.PostToolUseFailureEvent{Base: base, Tool: tool, Error: o.StringAt("error"), Interrupted: o.BoolAt("is_interrupt")}, nil
	case EventStop:
		active := o.BoolAt("stop_hook_active")
		return &hooks.StopEvent{Base: base, Active: active, LoopCount: claudewire.Loops(active), LastMessage: o.StringAt("last_assistant_message")}, nil
	case EventSubagentStart:
		return &hooks.SubagentStartEvent{Base: base, Agent: agent}, nil
	case EventSubagentStop:
		active := o.BoolAt("stop_hook_active")
		return &hooks.SubagentStopEvent{Base: base, Agent: agent, Active: active, LoopCount: claudewire.Loops(active), LastMessage: o.StringAt("last_assistant_message")}, nil
	}
	return claudewire.Event(capabilities[:], &tools, base, &o)
}

// toolOutput lifts a PostToolUse tool_response {llmContent, returnDisplay}:
// Text is llmContent when it is a string, Raw the whole response.
func toolOutput(o *fastjson.Picked) hooks.ToolOutput {
	out := hooks.ToolOutput{Raw: o.RawAt("tool_response")}
	if r, ok := o.ObjectAt("tool_response"); ok {
		out.Text = r.StringAt("llmContent")
	}
	return out
}

// payloadKeys are the top-level fields Parse reads, picked in one pass.
var payloadKeys = [...]string{"hook_event_name", "session_id", "cwd", "transcript_path", "model", "agent_id", "agent_type", "source", "reason", "prompt", "tool_name", "tool_use_id", "tool_input", "tool_response", "error", "is_interrupt", "stop_hook_active", "last_assistant_message", "trigger", "notification_type", "message", "permission_mode"}
