package kimi

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hostref"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// The differential test: generated tool arguments read by the adapter and
// by a reference equal to JSON.parse (internal/testonly/hostref), which is how
// Kimi Code, a JavaScript program, reads them. The command or path the
// typed input exposes must be what Kimi hands its tool, or Tool.InputErr
// must name the field.

var sideKeys = []string{"description", "timeout", "cwd", "run_in_background", "content", "mode", "old_string", "new_string", "replace_all"}

func judged() []hosttest.Judged {
	field := func(tool, key string, value func(hooks.ToolInput) string) hosttest.Judged {
		payload := func(args []byte) []byte {
			return []byte(`{"hook_event_name":"PreToolUse","session_id":"s1","cwd":"/home/dev/project","client_type":"kimi_code_cli","tool_name":"` + tool + `","tool_input":` + string(args) + `,"tool_call_id":"call_1"}`)
		}
		return hosttest.Judged{Tool: tool, Key: key, Payload: payload, Value: value}
	}
	return []hosttest.Judged{
		field(ToolBash, "command", func(in hooks.ToolInput) string { return in.(*hooks.ShellInput).Command }),
		field(ToolWrite, "path", func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Path }),
		field(ToolWrite, "content", func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Content }),
		field(ToolEdit, "path", func(in hooks.ToolInput) string { return in.(*hooks.EditInput).Path }),
		field(ToolRead, "path", func(in hooks.ToolInput) string { return in.(*hooks.ReadInput).Path }),
	}
}

func TestDifferential(t *testing.T) {
	a, j := New(), judged()
	for i, key := range []string{"command", "path", "content"} {
		for _, args := range hostref.Corpus(uint64(80+i), 1000, key, sideKeys...) {
			hosttest.Differential(t, a, args, j...)
		}
	}
}

func FuzzDifferential(f *testing.F) {
	for i, key := range []string{"command", "path"} {
		for _, args := range hostref.Corpus(uint64(90+i), 40, key, sideKeys...) {
			f.Add(args)
		}
	}
	a, j := New(), judged()
	f.Fuzz(func(t *testing.T, args []byte) {
		if hostref.Args(args) {
			hosttest.Differential(t, a, args, j...)
		}
	})
}
