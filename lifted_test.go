package hooks_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/droid"
	"github.com/agenthooks/hooks/qwen"
)

// TestPermissionModeLifted: Base.PermissionMode is the permission_mode of
// the real captures (testdata/captures, recorded from each client), and
// empty where the host does not send it.
func TestPermissionModeLifted(t *testing.T) {
	for _, c := range []struct {
		a    hooks.Adapter
		file string
		want string
	}{
		{claude.New(), "claude/PreToolUse-Bash.json", "default"},
		{claude.New(), "claude/SessionStart.json", ""},
		{codex.New(), "codex/PreToolUse-Bash.json", "bypassPermissions"},
		{qwen.New(), "qwen/PreToolUse-run_shell_command.json", "yolo"},
		{droid.New(), "droid/PreToolUse-Execute.json", "auto-low"},
	} {
		payload, err := os.ReadFile(filepath.Join("testdata", "captures", c.file))
		if err != nil {
			t.Fatal(err)
		}
		ev, err := c.a.Parse(payload)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if got := ev.Common().PermissionMode; got != c.want {
			t.Errorf("%s: PermissionMode %q, want %q", c.file, got, c.want)
		}
	}
}
