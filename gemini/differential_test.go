package gemini

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hostref"
)

// The differential test: generated tool arguments read by the adapter and
// by a reference equal to Gemini CLI's JSON.parse (internal/testonly/hostref). The
// command or path the typed input exposes must be what Gemini CLI hands
// its tool, or Tool.InputErr must be set.

var sideKeys = []string{"description", "dir_path", "is_background", "content", "old_string", "new_string", "allow_multiple", "instruction"}

func TestDifferential(t *testing.T) {
	for _, key := range []string{"command", "file_path"} {
		for _, args := range hostref.Corpus(22, 1500, key, sideKeys...) {
			checkDifferential(t, args)
		}
	}
}

func FuzzDifferential(f *testing.F) {
	for _, args := range hostref.Corpus(23, 40, "command", sideKeys...) {
		f.Add(args)
	}
	for _, args := range hostref.Corpus(24, 40, "file_path", sideKeys...) {
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
		tool, key string
		value     func(hooks.ToolInput) string
	}{
		{ToolShell, "command", func(in hooks.ToolInput) string { return in.(*hooks.ShellInput).Command }},
		{ToolWrite, "file_path", func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Path }},
		{ToolReplace, "file_path", func(in hooks.ToolInput) string { return in.(*hooks.EditInput).Path }},
		{ToolRead, "file_path", func(in hooks.ToolInput) string { return in.(*hooks.ReadInput).Path }},
	} {
		payload := `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-01-15T10:00:00.000Z","tool_name":"` + c.tool + `","tool_input":` + string(args) + `}`
		ev, err := New().Parse([]byte(payload))
		if err != nil {
			t.Fatalf("%s %s: %v", c.tool, args, err)
		}
		tool := hooks.ToolOf(ev)
		r, err := hostref.Read(args, c.key)
		if err != nil {
			t.Fatalf("reference on %s: %v", args, err)
		}
		want, wantErr := hostref.Want(r, false)
		if (tool.InputErr != nil) != wantErr || !wantErr && c.value(tool.Input) != want {
			t.Fatalf("%s %s: read %q (InputErr %v); Gemini CLI reads %+v", c.tool, args, c.value(tool.Input), tool.InputErr, r)
		}
	}
}
