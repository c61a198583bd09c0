package footing_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestFileTools: every host's file tools (Write, Edit and MultiEdit,
// Cursor's Delete, Codex's apply_patch both ends of a move, a patch a
// shell command applies, an MCP file system's writer) are denied on a
// footing path, spelt through a linked directory too, and pass
// elsewhere; reads and an MCP reader pass.
func TestFileTools(t *testing.T) {
	f := newFixture(t)
	link := filepath.Join(f.root, "link")
	if err := os.Symlink(f.proj, link); err != nil {
		t.Skip(err)
	}
	mcp := func(tool string, args any) *hooks.MCPInput {
		b, _ := json.Marshal(args)
		return &hooks.MCPInput{Server: "filesystem", Tool: tool, Arguments: b}
	}
	settings := filepath.Join(f.proj, ".claude", "settings.json")
	for _, c := range []struct {
		name string
		in   hooks.ToolInput
		deny bool
	}{
		{"Write binary", &hooks.WriteInput{Path: filepath.Join(f.proj, "bin", "guard")}, true},
		{"Write relative", &hooks.WriteInput{Path: ".claude/settings.json"}, true},
		{"Write via ..", &hooks.WriteInput{Path: filepath.Join(f.proj, "src", "..", ".claude", "settings.json")}, true},
		{"Write via linked dir", &hooks.WriteInput{Path: filepath.Join(link, ".claude", "settings.json")}, true},
		{"Write trust", &hooks.WriteInput{Path: filepath.Join(f.home, ".gemini", "trustedFolders.json")}, true},
		{"Write PATH shadow", &hooks.WriteInput{Path: filepath.Join(f.bin, "guard")}, true},
		{"Edit", &hooks.EditInput{Path: settings, Edits: []hooks.TextEdit{{Old: "guard", New: "true"}}}, true},
		{"Delete", &hooks.DeleteInput{Path: settings}, true},
		{"Delete dir", &hooks.DeleteInput{Path: filepath.Join(f.proj, ".claude")}, true},
		{"apply_patch update", &hooks.PatchInput{Files: []hooks.FileChange{{Op: hooks.PatchUpdate, Path: settings}}}, true},
		{"apply_patch move away", &hooks.PatchInput{Files: []hooks.FileChange{{Op: hooks.PatchUpdate, Path: filepath.Join(f.proj, "bin", "guard"), MoveTo: filepath.Join(f.proj, "x")}}}, true},
		{"apply_patch move onto", &hooks.PatchInput{Files: []hooks.FileChange{{Op: hooks.PatchUpdate, Path: filepath.Join(f.proj, "x"), MoveTo: filepath.Join(f.proj, "bin", "guard")}}}, true},
		{"shell patch", &hooks.ShellInput{Command: "apply_patch", Patch: &hooks.PatchInput{Files: []hooks.FileChange{{Op: hooks.PatchDelete, Path: ".codex/hooks.json"}}}}, true},
		{"MCP write_file", mcp("write_file", map[string]any{"path": settings, "content": "{}"}), true},
		{"MCP move_file", mcp("move_file", map[string]any{"source": filepath.Join(f.proj, "bin", "guard"), "destination": "/tmp/g"}), true},
		{"MCP read_file", mcp("read_file", map[string]any{"path": settings}), false},
		{"Write elsewhere", &hooks.WriteInput{Path: filepath.Join(f.proj, "src", "hooks.json")}, false},
		{"Write .vscode", &hooks.WriteInput{Path: filepath.Join(f.proj, ".vscode", "settings.json")}, false},
		{"Write another binary", &hooks.WriteInput{Path: filepath.Join(f.proj, "bin", "other")}, false},
		{"Read", &hooks.ReadInput{Path: settings}, false},
	} {
		_, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: c.name, Input: c.in})
		if deny != c.deny {
			t.Errorf("%s: deny %v, want %v", c.name, deny, c.deny)
		}
	}
}
