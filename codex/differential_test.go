package codex

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hostref"
)

// The differential test: generated tool_input objects read by the adapter
// and by the reference (internal/testonly/hostref). Codex builds tool_input itself
// with serde_json, one "command" key; its keys match exactly and escapes
// are unescaped as JSON.parse does. A duplicate or a case variant of
// "command" never comes from Codex, so the adapter cannot know what runs:
// Tool.InputErr must be set then (unique mode).

func TestDifferential(t *testing.T) {
	for _, args := range hostref.Corpus(32, 2500, "command", "description", "workdir", "timeout") {
		checkDifferential(t, args)
	}
}

func FuzzDifferential(f *testing.F) {
	for _, args := range hostref.Corpus(33, 60, "command", "description") {
		f.Add(args)
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		if hostref.Args(args) {
			checkDifferential(t, args)
		}
	})
}

func checkDifferential(t *testing.T, args []byte) {
	t.Helper()
	for _, c := range []struct {
		tool  string
		value func(hooks.ToolInput) string
	}{
		{ToolShell, func(in hooks.ToolInput) string { return in.(*hooks.ShellInput).Command }},
		{ToolApplyPatch, func(in hooks.ToolInput) string { return in.(*hooks.PatchInput).Patch }},
	} {
		payload := `{"session_id":"s","turn_id":"t","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"` + c.tool + `","tool_input":` + string(args) + `,"tool_use_id":"call_1"}`
		ev, err := New().Parse([]byte(payload))
		if err != nil {
			t.Fatalf("%s %s: %v", c.tool, args, err)
		}
		tool := hooks.ToolOf(ev)
		r, err := hostref.Read(args, "command")
		if err != nil {
			t.Fatalf("reference on %s: %v", args, err)
		}
		want, wantErr := hostref.Want(r, true)
		if (tool.InputErr != nil) != wantErr || !wantErr && c.value(tool.Input) != want {
			t.Fatalf("%s %s: read %q (InputErr %v); reference %+v", c.tool, args, c.value(tool.Input), tool.InputErr, r)
		}
	}
}
