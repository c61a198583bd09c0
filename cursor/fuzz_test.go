package cursor

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

func FuzzParse(f *testing.F) {
	for _, p := range fixtureInputs(f) {
		f.Add(p)
	}
	f.Add([]byte(`{"hook_event_name":"beforeMCPExecution","tool_name":"x","tool_input":"{\"a\":[1,{}]}"}`))
	f.Add([]byte(`{"hook_event_name":"postToolUse","tool_name":"MCP:x","tool_output":"{\"content\":[{\"type\":\"text\",\"text\":1}]}"}`))
	a := New()
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := a.Parse(data)
		if err != nil {
			return
		}
		for _, r := range []hooks.Response{{}, hooks.Deny("fuzz deny"), hooks.Response{Decision: hooks.DecisionDeny, Halt: true}} {
			fitted, _ := hooks.Fit(a, ev, r, hooks.FitOptions{AskFallback: hooks.DecisionDeny, RepeatStop: true})
			out, err := a.Serialize(ev, fitted)
			if err != nil {
				t.Fatalf("serialize %+v: %v", r, err)
			}
			hosttest.CheckHygiene(t, Host, out)
		}
		if tool := hooks.ToolOf(ev); tool != nil && tool.Input != nil {
			// Sending the parsed input back never panics (it may be an
			// error for odd originals).
			a.Serialize(ev, hooks.Rewrite(tool.Input))
		}
	})
}
