package opencode

import (
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a payload of the plugin into a unified event:
// tool.execute.before becomes *hooks.PreToolUseEvent, tool.execute.after
// *hooks.PostToolUseEvent, the session events session.created
// *hooks.SessionStartEvent and session.idle *hooks.StopEvent; any other
// event an *hooks.OtherEvent. The native event is the callback's name, or
// for the event callback the event's type.
//
// The arguments are those OpenCode runs the tool with, already decoded
// by OpenCode and written by the plugin with JSON.stringify (so no key
// appears twice). An argument a policy reads that is missing or not a
// string sets Tool.InputErr; the event still parses.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return nil, fmt.Errorf("opencode payload: %w", fastjson.ObjectErr(payload))
	}
	var vals [len(payloadKeys)]fastjson.Value
	var found [len(payloadKeys)]bool
	o := d.Value().Pick(payloadKeys[:], vals[:], found[:])
	callback := o.StringAt("opencode_hook")
	if callback == "" {
		return nil, errors.New("opencode payload has no opencode_hook")
	}
	base := hooks.Base{
		Host:        Host,
		NativeEvent: callback,
		SessionID:   o.StringAt("session_id"),
		Cwd:         o.StringAt("directory"),
		Raw:         payload,
	}
	switch callback {
	case CallbackBefore, CallbackAfter:
		name := o.StringAt("tool")
		if name == "" {
			return nil, fmt.Errorf("opencode %s payload has no tool", callback)
		}
		tool := parseTool(name, o.StringAt("call_id"), o.RawAt("args"))
		if callback == CallbackBefore {
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		}
		return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: toolOutput(&o)}, nil
	case CallbackEvent:
		base.NativeEvent = o.StringAt("event")
		if base.NativeEvent == "" {
			return nil, errors.New("opencode event payload has no event")
		}
		switch base.NativeEvent {
		case EventSessionCreated:
			return &hooks.SessionStartEvent{Base: base, Source: "startup"}, nil
		case EventSessionIdle:
			return &hooks.StopEvent{Base: base}, nil
		}
		return &hooks.OtherEvent{Base: base}, nil
	}
	return &hooks.OtherEvent{Base: base, Unknown: true}, nil
}

// toolOutput lifts the result of tool.execute.after, {title, output,
// metadata}: Text is output (what the model reads), Raw the whole result.
func toolOutput(o *fastjson.Picked) hooks.ToolOutput {
	out := hooks.ToolOutput{Raw: o.RawAt("result")}
	if r, ok := o.ObjectAt("result"); ok {
		out.Text = r.StringAt("output")
	}
	return out
}

// payloadKeys are the top-level fields Parse reads, picked in one pass.
var payloadKeys = [...]string{"opencode_hook", "session_id", "directory", "tool", "call_id", "args", "result", "event"}
