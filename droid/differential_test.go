package droid

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hostref"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// The differential test: generated tool arguments read by the adapter and
// by a reference equal to JSON.parse (internal/testonly/hostref), which is how
// Droid, a JavaScript program, reads them. The command or path the typed
// input exposes must be what Droid hands its tool, or Tool.InputErr must
// name the field.

var sideKeys = []string{"summary", "timeout", "fireAndForget", "riskLevel", "content", "old_str", "new_str", "change_all"}

func judged() []hosttest.Judged {
	field := func(tool, key string, value func(hooks.ToolInput) string) hosttest.Judged {
		payload := func(args []byte) []byte {
			return []byte(`{"session_id":"s1","transcript_path":"/home/dev/t.jsonl","cwd":"/home/dev/project","permission_mode":"auto-low","hook_event_name":"PreToolUse","tool_name":"` + tool + `","tool_input":` + string(args) + `}`)
		}
		return hosttest.Judged{Tool: tool, Key: key, Payload: payload, Value: value}
	}
	return []hosttest.Judged{
		field(ToolExecute, "command", func(in hooks.ToolInput) string { return in.(*hooks.ShellInput).Command }),
		field(ToolCreate, "file_path", func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Path }),
		field(ToolCreate, "content", func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Content }),
		field(ToolEdit, "file_path", func(in hooks.ToolInput) string { return in.(*hooks.EditInput).Path }),
		field(ToolRead, "file_path", func(in hooks.ToolInput) string { return in.(*hooks.ReadInput).Path }),
	}
}

func TestDifferential(t *testing.T) {
	a, j := New(), judged()
	for i, key := range []string{"command", "file_path", "content"} {
		for _, args := range hostref.Corpus(uint64(60+i), 1000, key, sideKeys...) {
			hosttest.Differential(t, a, args, j...)
		}
	}
}

func FuzzDifferential(f *testing.F) {
	for i, key := range []string{"command", "file_path"} {
		for _, args := range hostref.Corpus(uint64(70+i), 40, key, sideKeys...) {
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
