package claude

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/writes"
)

func TestParseErrors(t *testing.T) {
	a := New()
	cases := map[string]string{
		"empty":               ``,
		"spaces":              "  \n",
		"null":                `null`,
		"array":               `[{"hook_event_name":"Stop"}]`,
		"string":              `"Stop"`,
		"not json":            `{hook_event_name: Stop}`,
		"truncated":           `{"hook_event_name":"Stop"`,
		"no event name":       `{"session_id":"s","cwd":"/p"}`,
		"empty event name":    `{"hook_event_name":""}`,
		"event name a number": `{"hook_event_name":3}`,
		"second document":     `{"hook_event_name":"Stop"}{"hook_event_name":"Stop"}`,
		"trailing garbage":    `{"hook_event_name":"Stop"} x`,
		"session_id a number": `{"hook_event_name":"StopFailure","session_id":1}`,
		"tool without name":   `{"hook_event_name":"PreToolUse","tool_input":{}}`,
		"stop active string":  `{"hook_event_name":"Stop","stop_hook_active":"yes"}`,
		"prompt object":       `{"hook_event_name":"UserPromptSubmit","prompt":{"text":"x"}}`,
		"interrupt string":    `{"hook_event_name":"PostToolUseFailure","tool_name":"Bash","is_interrupt":"no"}`,
	}
	for name, p := range cases {
		ev, err := a.Parse([]byte(p))
		if err == nil {
			t.Errorf("%s: no error, got %T", name, ev)
		}
	}
}

func TestParseTolerant(t *testing.T) {
	a := New()
	// Unknown fields, missing optional ones, leading white space, a
	// trailing newline.
	ev, err := a.Parse([]byte("\n {\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"brand_new\":{\"x\":[1]}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	pre, ok := ev.(*hooks.PreToolUseEvent)
	if !ok || pre.Tool.Kind() != hooks.KindShell || pre.Tool.RawInput != nil {
		t.Errorf("got %#v", ev)
	}
	// A host-only event with fields of unexpected types still parses.
	ev, err = a.Parse([]byte(`{"session_id":"s","cwd":"/p","hook_event_name":"ConfigChange","source":{"a":1},"reason":7,"prompt":[1]}`))
	if err != nil {
		t.Fatal(err)
	}
	if o, ok := ev.(*hooks.OtherEvent); !ok || o.NativeEvent != "ConfigChange" || o.SessionID != "s" || o.Cwd != "/p" {
		t.Errorf("got %#v", ev)
	}
	// Unknown, even future, events are OtherEvents.
	for _, name := range []string{"PostToolBatch", "StopFailure", "SomethingNew", "preToolUse"} {
		ev, err := a.Parse([]byte(`{"hook_event_name":"` + name + `"}`))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if o, ok := ev.(*hooks.OtherEvent); !ok || o.NativeEvent != name || o.Name() != "" {
			t.Errorf("%s: %#v", name, ev)
		}
	}
}

func TestParseFields(t *testing.T) {
	a := New()
	parse := func(p string) hooks.Event {
		t.Helper()
		ev, err := a.Parse([]byte(p))
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	if e := parse(`{"hook_event_name":"SessionStart","source":"compact","model":"claude-opus-4-8"}`).(*hooks.SessionStartEvent); e.Source != "compact" || e.Model != "claude-opus-4-8" {
		t.Errorf("%+v", e)
	}
	if e := parse(`{"hook_event_name":"SessionStart","model":{"id":"claude-x","display_name":"X"}}`); e.Common().Model != "claude-x" {
		t.Errorf("model object: %q", e.Common().Model)
	}
	if e := parse(`{"hook_event_name":"SessionStart","model":5}`); e.Common().Model != "" {
		t.Errorf("model number: %q", e.Common().Model)
	}
	if e := parse(`{"hook_event_name":"SessionEnd","reason":"clear"}`).(*hooks.SessionEndEvent); e.Reason != "clear" {
		t.Errorf("%+v", e)
	}
	e := parse(`{"hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"x"},"tool_use_id":"t1","error":"Interrupted","is_interrupt":true}`).(*hooks.PostToolUseFailureEvent)
	if e.Error != "Interrupted" || !e.Interrupted || e.Tool.ID != "t1" {
		t.Errorf("%+v", e)
	}
	s := parse(`{"hook_event_name":"SubagentStop","agent_id":"a1","agent_type":"Explore","stop_hook_active":true,"last_assistant_message":"m"}`).(*hooks.SubagentStopEvent)
	if s.Agent.ID != "a1" || s.Agent.Type != "Explore" || !s.Active || s.LoopCount != 1 || s.LastMessage != "m" {
		t.Errorf("%+v", s)
	}
	st := parse(`{"hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"done"}`).(*hooks.StopEvent)
	if st.Active || st.LoopCount != 0 || st.LastMessage != "done" {
		t.Errorf("%+v", st)
	}
	if p := parse(`{"hook_event_name":"PreCompact","trigger":"auto","custom_instructions":null}`).(*hooks.PreCompactEvent); p.Trigger != "auto" {
		t.Errorf("%+v", p)
	}
	if n := parse(`{"hook_event_name":"Notification","notification_type":"idle_prompt","message":"waiting"}`).(*hooks.NotificationEvent); n.Kind != "idle_prompt" || n.Message != "waiting" {
		t.Errorf("%+v", n)
	}
	// Raw is the payload itself.
	p := `{"hook_event_name":"UserPromptSubmit","prompt":"hi"}`
	if u := parse(p).(*hooks.UserPromptSubmitEvent); u.Prompt != "hi" || string(u.Raw) != p {
		t.Errorf("%+v", u)
	}
	// A PermissionRequest has no tool_use_id.
	if r := parse(`{"hook_event_name":"PermissionRequest","tool_name":"Write","tool_input":{"file_path":"/a","content":"x"}}`).(*hooks.PermissionRequestEvent); r.Tool.ID != "" || !strings.HasSuffix(writes.Paths(&r.Tool)[0], "/a") {
		t.Errorf("%+v", r)
	}
}
