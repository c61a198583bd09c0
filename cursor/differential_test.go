package cursor

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hostref"
)

// The differential test: generated tool arguments read by the adapter and
// by the reference (internal/testonly/hostref: keys unescaped and matched exactly,
// as JSON.parse). How Cursor resolves a duplicate key is not known, so a
// duplicate or a case variant of the key a policy reads must set
// Tool.InputErr (unique mode); so must a file tool whose file_path and
// path both hold strings that differ.

var sideKeys = []string{"cwd", "timeout", "content", "contents", "old_string", "new_string", "path", "file_path"}

func TestDifferential(t *testing.T) {
	for _, key := range []string{"command", "file_path", "path"} {
		for _, args := range hostref.Corpus(42, 1500, key, sideKeys...) {
			checkDifferential(t, args)
		}
	}
}

func FuzzDifferential(f *testing.F) {
	for _, key := range []string{"command", "file_path", "path"} {
		for _, args := range hostref.Corpus(43, 30, key, sideKeys...) {
			f.Add(args)
		}
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		if hostref.Args(args) {
			checkDifferential(t, args)
		}
	})
}

func checkDifferential(t *testing.T, args []byte) {
	t.Helper()
	read := func(key string) hostref.Reading {
		r, err := hostref.Read(args, key)
		if err != nil {
			t.Fatalf("reference on %s: %v", args, err)
		}
		return r
	}
	parse := func(tool string) *hooks.Tool {
		payload := `{"conversation_id":"c","model":"default","tool_name":"` + tool + `","tool_input":` + string(args) + `,"tool_use_id":"t1","hook_event_name":"preToolUse","cursor_version":"3.9.16","workspace_roots":["/home/dev/project"]}`
		ev, err := New().Parse([]byte(payload))
		if err != nil {
			t.Fatalf("%s %s: %v", tool, args, err)
		}
		return hooks.ToolOf(ev)
	}

	sh := parse(ToolShell)
	want, wantErr := hostref.Want(read("command"), true)
	if got := sh.Input.(*hooks.ShellInput).Command; (sh.InputErr != nil) != wantErr || !wantErr && got != want {
		t.Fatalf("Shell %s: read %q (InputErr %v); reference %q (error expected: %v)", args, got, sh.InputErr, want, wantErr)
	}

	// The path: file_path, else path; both must agree when both are there.
	fp, p := read("file_path"), read("path")
	fpWant, fpErr := hostref.Want(fp, true)
	pWant, pErr := hostref.Want(p, true)
	amb := func(r hostref.Reading) bool { return r.Count > 1 || r.Variants > 0 }
	switch {
	case amb(fp) || amb(p):
		want, wantErr = "", true
	case fp.Present && p.Present:
		want, wantErr = fpWant, fpErr || pErr || fpWant != pWant
	case p.Present:
		want, wantErr = pWant, pErr
	default:
		want, wantErr = fpWant, fpErr
	}
	for _, c := range []struct {
		tool  string
		value func(hooks.ToolInput) string
	}{
		{ToolWrite, func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Path }},
		{ToolRead, func(in hooks.ToolInput) string { return in.(*hooks.ReadInput).Path }},
		{ToolStrReplace, func(in hooks.ToolInput) string { return in.(*hooks.EditInput).Path }},
	} {
		tool := parse(c.tool)
		if got := c.value(tool.Input); (tool.InputErr != nil) != wantErr || !wantErr && got != want {
			t.Fatalf("%s %s: read %q (InputErr %v); reference %q (error expected: %v)", c.tool, args, got, tool.InputErr, want, wantErr)
		}
	}
}
