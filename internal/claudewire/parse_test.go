package claudewire

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

var testKeys = [...]string{"hook_event_name", "session_id", "cwd", "source", "reason", "prompt", "tool_name", "tool_input",
	"call", "stop_hook_active", "trigger", "notification_type", "message"}

var testCaps = []hooks.Capability{{Native: "Start", Event: hooks.SessionStart}, {Native: "Pre", Event: hooks.PreToolUse},
	{Native: "Ask", Event: hooks.PermissionRequest}, {Native: "Stop", Event: hooks.Stop}, {Native: "Own"},
	{Native: "Post", Event: hooks.PostToolUse}}

// parse reads payload as a host with testKeys, testCaps and testTools
// (whose tool-call id is under "call").
func parse(payload string) (hooks.Event, error) {
	var vals [len(testKeys)]fastjson.Value
	var found [len(testKeys)]bool
	o, base, err := Read("h", []byte(payload), testKeys[:], vals[:], found[:])
	if err != nil {
		return nil, err
	}
	tools := testTools
	tools.ID = "call"
	return Event(testCaps, &tools, base, &o)
}

func TestReadEvent(t *testing.T) {
	ev, err := parse(`{"hook_event_name":"Pre","session_id":"s","cwd":"/w","tool_name":"Get","tool_input":{"p":"/a"},"call":"c1"}`)
	pre, ok := ev.(*hooks.PreToolUseEvent)
	if err != nil || !ok || pre.Host != "h" || pre.SessionID != "s" || pre.Cwd != "/w" || pre.Tool.ID != "c1" || pre.Tool.Input.(*hooks.ReadInput).Path != "/a" {
		t.Fatalf("Pre: %#v, %v", ev, err)
	}
	if ev, err := parse(`{"hook_event_name":"Ask","tool_name":"Sh","tool_input":{}}`); err != nil || ev.Common().NativeEvent != "Ask" {
		t.Errorf("Ask: %#v, %v", ev, err)
	} else if _, ok := ev.(*hooks.PermissionRequestEvent); !ok {
		t.Errorf("Ask is a %T", ev)
	}
	if ev, _ := parse(`{"hook_event_name":"Stop","stop_hook_active":true}`); ev.(*hooks.StopEvent).LoopCount != 1 {
		t.Errorf("Stop: %#v", ev)
	}
	if ev, _ := parse(`{"hook_event_name":"Start","source":"resume"}`); ev.(*hooks.SessionStartEvent).Source != "resume" {
		t.Errorf("Start: %#v", ev)
	}
	if ev, _ := parse(`{"hook_event_name":"Own"}`); ev.(*hooks.OtherEvent).Unknown {
		t.Error("a host-only row is an unknown event")
	}
	if ev, _ := parse(`{"hook_event_name":"SessionEnd"}`); !ev.(*hooks.OtherEvent).Unknown {
		t.Error("a name with no row is a known event")
	}
	for payload, want := range map[string]string{
		`[]`:                         "h payload: ",
		`{"hook_event_name":1}`:      "h payload has no hook_event_name",
		`{"hook_event_name":"Pre"}`:  "h Pre payload has no tool_name",
		`{"hook_event_name":"Post"}`: "h: Post (PostToolUse) has no reader",
		`{"hook_event_name":"Ask","tool_name":""}`: "h Ask payload has no tool_name",
	} {
		if _, err := parse(payload); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: err %v, want %q", payload, err, want)
		}
	}
}
