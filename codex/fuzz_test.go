package codex

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

func FuzzParse(f *testing.F) {
	for _, fx := range fixtures(f) {
		f.Add(fx.input)
	}
	f.Add([]byte(`{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Update File: a\n@@\n-x\n+y\n*** End Patch"}}`))
	// Validate every answer against Codex's own schemas (testdata/schemas/codex).
	s := loadSchemas(f)
	a := New()
	f.Fuzz(func(t *testing.T, payload []byte) {
		ev, err := a.Parse(payload)
		if err != nil {
			return
		}
		native := ev.Common().NativeEvent
		if ev.Common().Host != Host || native == "" {
			t.Fatalf("event %+v", ev.Common())
		}
		for _, r := range []hooks.Response{hooks.Deny("fuzz deny"), {}} {
			fitted, _ := hooks.Fit(a, ev, r, hooks.FitOptions{AskFallback: hooks.DecisionDeny, RepeatStop: true})
			out, err := a.Serialize(ev, fitted)
			if err != nil {
				t.Fatalf("Serialize(%+v): %v", fitted, err)
			}
			hosttest.CheckHygiene(t, Host, out)
			if s != nil {
				s.checkOutput(t, "fuzz", native, out)
			}
		}
		if tool := hooks.ToolOf(ev); tool != nil && tool.Input != nil {
			fitted, _ := hooks.Fit(a, ev, hooks.Rewrite(tool.Input), hooks.FitOptions{AskFallback: hooks.DecisionDeny, RepeatStop: true})
			if out, err := a.Serialize(ev, fitted); err == nil {
				hosttest.CheckHygiene(t, Host, out)
			}
		}
	})
}

func FuzzPatchFromShell(f *testing.F) {
	for _, s := range []string{
		"apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\nEOF\n",
		"cd 'x y' && apply_patch <<EOF\n*** Begin Patch\n*** Delete File: b\n*** End Patch\nEOF",
		"cd \" && applypatch <<< '*** Begin Patch",
		"&& apply_patch *** Begin Patch",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		p, ok := PatchFromShell(cmd)
		if !ok && (p.Patch != "" || p.Files != nil) {
			t.Fatalf("not ok but %+v", p)
		}
		for _, fc := range p.Files {
			if fc.Path == "" {
				t.Errorf("empty path in %+v", p.Files)
			}
		}
	})
}
