package claudewire

import (
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Read reads payload, one JSON object, as host sends it: it picks the
// top-level fields keys in one pass (vals and found are their storage,
// each as long as keys, so that nothing is allocated) and returns them
// with the envelope every Claude-like payload starts with: the event's
// name (hook_event_name, which must be a non-empty string), session_id,
// cwd, and payload itself as Raw. keys must hold those three; the host
// adds the other envelope fields it sends (model, transcript_path,
// permission_mode). Keys are read exactly, the last of duplicates
// winning, as the hosts (JavaScript programs) read them.
func Read(host hooks.Host, payload []byte, keys []string, vals []fastjson.Value, found []bool) (fastjson.Picked, hooks.Base, error) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return fastjson.Picked{}, hooks.Base{}, fmt.Errorf("%s payload: %w", host, fastjson.ObjectErr(payload))
	}
	o := d.Value().Pick(keys, vals, found)
	native := o.StringAt("hook_event_name")
	if native == "" {
		return o, hooks.Base{}, errors.New(string(host) + " payload has no hook_event_name")
	}
	base := hooks.Base{Host: host, NativeEvent: native, SessionID: o.StringAt("session_id"), Cwd: o.StringAt("cwd"), Raw: payload}
	return o, base, nil
}

// Of reads the tool of the tool event base from the fields o picked:
// tool_name, which must be a non-empty string, the call's id (under the
// key t.ID) and its arguments (tool_input), as [Tools.Tool] reads them.
func (t *Tools) Of(base *hooks.Base, o *fastjson.Picked) (hooks.Tool, error) {
	name := o.StringAt("tool_name")
	if name == "" {
		return hooks.Tool{}, fmt.Errorf("%s %s payload has no tool_name", base.Host, base.NativeEvent)
	}
	var id string
	if t.ID != "" {
		id = o.StringAt(t.ID)
	}
	return t.Tool(name, id, o.RawAt("tool_input")), nil
}

// Event returns the unified event of base.NativeEvent, by its row in the
// host's capability matrix caps, for the events every Claude-like host
// sends alike, from the fields o picked: SessionStart (source),
// SessionEnd (reason), UserPromptSubmit (prompt, a string), PreToolUse
// and PermissionRequest (the tool, by t.Of), Stop (stop_hook_active),
// PreCompact (trigger) and Notification (notification_type, message). A
// host-only row (no unified event) is a known *hooks.OtherEvent, a name
// with no row an unknown one. The host reads any other event itself,
// before it calls Event: a row of one is an error here. o must have
// picked every key these read (a key not picked panics: a programming
// error, which hosttest.MatrixParses finds).
func Event(caps []hooks.Capability, t *Tools, base hooks.Base, o *fastjson.Picked) (hooks.Event, error) {
	var kind hooks.EventName
	i := 0
	for ; i < len(caps) && caps[i].Native != base.NativeEvent; i++ {
	}
	if i == len(caps) {
		return &hooks.OtherEvent{Base: base, Unknown: true}, nil
	}
	switch kind = caps[i].Event; kind {
	case "":
		return &hooks.OtherEvent{Base: base}, nil
	case hooks.SessionStart:
		return &hooks.SessionStartEvent{Base: base, Source: o.StringAt("source")}, nil
	case hooks.SessionEnd:
		return &hooks.SessionEndEvent{Base: base, Reason: o.StringAt("reason")}, nil
	case hooks.UserPromptSubmit:
		return &hooks.UserPromptSubmitEvent{Base: base, Prompt: o.StringAt("prompt")}, nil
	case hooks.PreToolUse, hooks.PermissionRequest:
		tool, err := t.Of(&base, o)
		if err != nil {
			return nil, err
		}
		if kind == hooks.PreToolUse {
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		}
		return &hooks.PermissionRequestEvent{Base: base, Tool: tool}, nil
	case hooks.Stop:
		active := o.BoolAt("stop_hook_active")
		return &hooks.StopEvent{Base: base, Active: active, LoopCount: Loops(active)}, nil
	case hooks.PreCompact:
		return &hooks.PreCompactEvent{Base: base, Trigger: o.StringAt("trigger")}, nil
	case hooks.Notification:
		return &hooks.NotificationEvent{Base: base, Kind: o.StringAt("notification_type"), Message: o.StringAt("message")}, nil
	}
	return nil, fmt.Errorf("%s: %s (%s) has no reader", base.Host, base.NativeEvent, kind)
}
