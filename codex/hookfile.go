package codex

import (
	"time"

	"github.com/agenthooks/hooks"
)

// HookFile implements hooks.HookFiler: .codex/hooks.json, matcher groups,
// timeouts in seconds.
func (*Adapter) HookFile() hooks.HookFile {
	return hooks.HookFile{Dir: ".codex", Name: "hooks.json", TimeoutUnit: time.Second, MatchAll: "*"}
}
