package auggie

import (
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns an Auggie payload into a unified event: PreToolUse and
// PostToolUse become *hooks.PreToolUseEvent and *hooks.PostToolUseEvent,
// PromptSubmit *hooks.UserPromptSubmitEvent, SessionStart, SessionEnd,
// Stop and Notification their *hooks.XxxEvent; any other name an unknown
// *hooks.OtherEvent.
//
// Auggie sends no session_id and no cwd: SessionID is conversation_id,
// and Cwd is workspace_roots[0], the workspace root, in which Auggie runs
// its hooks and resolves the file tools' relative paths. Keys are read
// exactly, the last of duplicates winning, as Auggie (a JavaScript
// program) reads them. A tool argument a policy reads that is missing or
// of the wrong type sets Tool.InputErr; the event still parses.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return nil, fmt.Errorf("auggie payload: %w", fastjson.ObjectErr(payload))
	}
	var vals [len(payloadKeys)]fastjson.Value
	var found [len(payloadKeys)]bool
	o := d.Value().Pick(payloadKeys[:], vals[:], found[:])
	native := o.StringAt("hook_event_name")
	if native == "" {
		return nil, errors.New("auggie payload has no hook_event_name")
	}
	base := hooks.Base{Host: Host, NativeEvent: native, SessionID: o.StringAt("conversation_id"), Raw: payload}
	if roots, ok := o.Get("workspace_roots"); ok {
		roots.Elements(func(e fastjson.Value) bool {
			base.Cwd, _ = e.String()
			return false
		})
	}
	switch native {
	case EventPreToolUse, EventPostToolUse:
		name := o.StringAt("tool_name")
		if name == "" {
			return nil, fmt.Errorf("auggie %s payload has no tool_name", native)
		}
		tool := toolOf(name, o.BoolAt("is_mcp_tool"), o.RawAt("tool_input"))
		if native == EventPreToolUse {
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		}
		return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: toolOutput(&o)}, nil
	case EventPromptSubmit:
		return &hooks.UserPromptSubmitEvent{Base: base, Prompt: o.StringAt("user_prompt")}, nil
	case EventSessionStart:
		return &hooks.SessionStartEvent{Base: base}, nil
	case EventSessionEnd:
		return &hooks.SessionEndEvent{Base: base}, nil
	case EventStop:
		return &hooks.StopEvent{Base: base}, nil
	case EventNotification:
		return &hooks.NotificationEvent{Base: base, Kind: o.StringAt("notification_type"), Message: o.StringAt("notification_message")}, nil
	}
	return &hooks.OtherEvent{Base: base, Unknown: true}, nil
}

// toolOutput lifts PostToolUse's tool_output, the text the model reads
// (a string; Auggie writes "[undefined]" on PreToolUse). Raw is the
// member as sent.
func toolOutput(o *fastjson.Picked) hooks.ToolOutput {
	return hooks.ToolOutput{Text: o.StringAt("tool_output"), Raw: o.RawAt("tool_output")}
}

// payloadKeys are the top-level fields Parse reads, picked in one pass.
var payloadKeys = [...]string{"hook_event_name", "conversation_id", "workspace_roots", "tool_name", "tool_input",
	"tool_output", "is_mcp_tool", "user_prompt", "notification_type", "notification_message"}
