package gemini

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// FuzzParse: Parse never panics; when it succeeds, a deny, no opinion, a
// halt with messages and a rewrite to the parsed input serialize without
// panicking, and what is written is hygienic.
func FuzzParse(f *testing.F) {
	for _, in := range fixtureInputs(f) {
		f.Add(in)
	}
	f.Add([]byte(`{"hook_event_name":"AfterTool","tool_name":"mcp_a_b","tool_input":{},"tool_response":{"llmContent":[{"text":"x"}]}}`))
	a := New()
	f.Fuzz(func(t *testing.T, payload []byte) {
		ev, err := a.Parse(payload)
		if err != nil {
			return
		}
		if ev == nil || ev.Common().Host != Host || ev.Common().NativeEvent == "" {
			t.Fatalf("bad event %#v", ev)
		}
		rs := []hooks.Response{hooks.Deny("no\nway"), {}, {Halt: true, UserMessage: "u", SystemMessage: "s", Context: "c"}}
		if tool := hooks.ToolOf(ev); tool != nil {
			rs = append(rs, hooks.Rewrite(tool.Input))
		}
		switch e := ev.(type) {
		case *hooks.ModelRequestEvent:
			rs = append(rs, hooks.OverrideRequest(e.Request), hooks.ReplaceText("x\ny"))
		case *hooks.ModelResponseEvent:
			rs = append(rs, hooks.ReplaceResponse(e.Response), hooks.ReplaceText(""))
		case *hooks.ToolSelectionEvent:
			rs = append(rs, hooks.RestrictTools(hooks.ToolsAny, "read_file"))
		}
		for _, r := range rs {
			out, err := a.Serialize(ev, r)
			if err != nil {
				if r.UpdatedInput == nil {
					t.Fatalf("Serialize(%+v): %v", r, err)
				}
				continue
			}
			hosttest.CheckHygiene(t, Host, out)
		}
	})
}
