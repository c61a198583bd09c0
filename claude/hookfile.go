package claude

import (
	"time"

	"github.com/agenthooks/hooks"
)

// HookFile implements hooks.HookFiler: .claude/settings.json, matcher
// groups, timeouts in seconds.
func (*Adapter) HookFile() hooks.HookFile {
	return hooks.HookFile{Title: "Claude Code", HTTP: true, Dir: ".claude", Name: "settings.json", TimeoutUnit: time.Second, MatchAll: "*",
		HomeEnv: "CLAUDE_CONFIG_DIR", Local: "settings.local.json", WindowsShell: hooks.ShellBash}
}
