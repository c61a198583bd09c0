package qwen

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hostref"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// The differential test: generated tool arguments read by the adapter and
// by a reference equal to JSON.parse (internal/testonly/hostref), which is how Qwen
// Code, a JavaScript program, reads them. The command or path the typed
// input exposes must be what Qwen hands its tool, or Tool.InputErr must
// name the field.

var sideKeys = []string{"description", "directory", "is_background", "content", "old_string", "new_string", "replace_all", "offset"}

func judged() []hosttest.Judged {
	payload := func(tool string) func([]byte) []byte {
		return func(args []byte) []byte {
			return []byte(`{"session_id":"s1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"` + tool + `","tool_input":` + string(args) + `,"tool_use_id":"call_1"}`)
		}
	}
	field := func(tool, key string, value func(hooks.ToolInput) string) hosttest.Judged {
		return hosttest.Judged{Tool: tool, Key: key, Payload: payload(tool), Value: value}
	}
	return []hosttest.Judged{
		field(ToolShell, "command", func(in hooks.ToolInput) string { return in.(*hooks.ShellInput).Command }),
		field(ToolWrite, "file_path", func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Path }),
		field(ToolWrite, "content", func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Content }),
		field(ToolEdit, "file_path", func(in hooks.ToolInput) string { return in.(*hooks.EditInput).Path }),
		field(ToolRead, "file_path", func(in hooks.ToolInput) string { return in.(*hooks.ReadInput).Path }),
	}
}

func TestDifferential(t *testing.T) {
	a, j := New(), judged()
	for i, key := range []string{"command", "file_path", "content"} {
		for _, args := range hostref.Corpus(uint64(40+i), 1000, key, sideKeys...) {
			hosttest.Differential(t, a, args, j...)
		}
	}
}

func FuzzDifferential(f *testing.F) {
	for i, key := range []string{"command", "file_path"} {
		for _, args := range hostref.Corpus(uint64(50+i), 40, key, sideKeys...) {
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
