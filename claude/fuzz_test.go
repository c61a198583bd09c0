package claude

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

func FuzzParse(f *testing.F) {
	for _, p := range fixtureInputs(f) {
		f.Add(p)
	}
	f.Add([]byte(`{"hook_event_name":"PreToolUse","tool_name":"mcp__a__b","tool_input":null}`))
	f.Add([]byte(`{"hook_event_name":"Stop","stop_hook_active":true}`))
	f.Add([]byte(`[]`))
	a := New()
	f.Fuzz(func(t *testing.T, payload []byte) {
		ev, err := a.Parse(payload)
		if err != nil {
			return
		}
		if ev.Common().Host != Host || ev.Common().NativeEvent == "" {
			t.Fatalf("event %+v", ev.Common())
		}
		for _, r := range []hooks.Response{hooks.Deny("fuzz"), {}, hooks.Deny("")} {
			out, err := a.Serialize(ev, r)
			if err != nil {
				t.Fatalf("serialize %+v: %v", r, err)
			}
			hosttest.CheckHygiene(t, Host, out)
		}
		// A rewrite with the parsed input may fail, but must not panic.
		if tool := hooks.ToolOf(ev); tool != nil {
			if out, err := a.Serialize(ev, hooks.Rewrite(tool.Input)); err == nil {
				hosttest.CheckHygiene(t, Host, out)
			}
		}
	})
}
