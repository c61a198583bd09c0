package copilot

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hostref"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// The differential test: generated tool arguments read by the adapter and
// by a reference equal to JSON.parse (internal/testonly/hostref), which is how
// Copilot CLI, a JavaScript program, reads them. The command, path or diff
// the typed input exposes must be what Copilot hands its tool, or
// Tool.InputErr must name the field. Both payload forms are checked:
// camelCase (toolArgs, runtime tool names) and PascalCase (tool_input,
// Claude-style names), and the permissionRequest form of edit.

var sideKeys = []string{"description", "shellId", "mode", "detach", "file_text", "old_str", "new_str", "view_range"}

func judged() []hosttest.Judged {
	camel := func(event, argsKey, tool string) func([]byte) []byte {
		return func(args []byte) []byte {
			return []byte(`{"hookName":"` + event + `",` + camelHead + `,"toolName":"` + tool + `","` + argsKey + `":` + string(args) + `}`)
		}
	}
	pascal := func(tool string) func([]byte) []byte {
		return func(args []byte) []byte {
			return []byte(`{"hook_event_name":"PreToolUse","session_id":"s1","timestamp":"2026-12-01T06:12:23.194Z","cwd":"/home/dev/project","tool_name":"` + tool + `","tool_input":` + string(args) + `}`)
		}
	}
	command := func(in hooks.ToolInput) string { return in.(*hooks.ShellInput).Command }
	writePath := func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Path }
	fileText := func(in hooks.ToolInput) string { return in.(*hooks.WriteInput).Content }
	editPath := func(in hooks.ToolInput) string { return in.(*hooks.EditInput).Path }
	readPath := func(in hooks.ToolInput) string { return in.(*hooks.ReadInput).Path }
	patchPath := func(in hooks.ToolInput) string { return in.(*hooks.PatchInput).Files[0].Path }
	patch := func(in hooks.ToolInput) string { return in.(*hooks.PatchInput).Patch }
	return []hosttest.Judged{
		{Tool: ToolBash, Key: "command", Payload: camel(EventPreToolUse, "toolArgs", ToolBash), Value: command},
		{Tool: ToolCreate, Key: "path", Payload: camel(EventPreToolUse, "toolArgs", ToolCreate), Value: writePath},
		{Tool: ToolCreate, Key: "file_text", Payload: camel(EventPreToolUse, "toolArgs", ToolCreate), Value: fileText},
		{Tool: ToolEdit, Key: "path", Payload: camel(EventPreToolUse, "toolArgs", ToolEdit), Value: editPath},
		{Tool: ToolView, Key: "path", Payload: camel(EventPreToolUse, "toolArgs", ToolView), Value: readPath},
		{Tool: ToolBash, Key: "command", Payload: camel(EventPermissionRequest, "toolInput", ToolBash), Value: command},
		{Tool: ToolEdit, Key: "file_path", Payload: camel(EventPermissionRequest, "toolInput", ToolEdit), Value: patchPath},
		{Tool: ToolEdit, Key: "diff", Payload: camel(EventPermissionRequest, "toolInput", ToolEdit), Value: patch},
		{Tool: PascalBash, Key: "command", Payload: pascal(PascalBash), Value: command},
		{Tool: PascalWrite, Key: "path", Payload: pascal(PascalWrite), Value: writePath},
		{Tool: PascalEdit, Key: "path", Payload: pascal(PascalEdit), Value: editPath},
		{Tool: PascalRead, Key: "path", Payload: pascal(PascalRead), Value: readPath},
	}
}

func TestDifferential(t *testing.T) {
	a, j := New(), judged()
	for i, key := range []string{"command", "path", "file_path", "diff"} {
		for _, args := range hostref.Corpus(uint64(80+i), 600, key, sideKeys...) {
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
