package droid

import (
	"time"

	"github.com/agenthooks/hooks"
)

// HookFile implements hooks.HookFiler: .factory/hooks.json, whose
// top-level keys are the events (Droid ignores a "hooks" wrapper there),
// matcher groups without a matcher (Droid matches exact tool names and
// knows no wildcard alias), timeouts in seconds.
func (*Adapter) HookFile() hooks.HookFile {
	return hooks.HookFile{Title: "Factory Droid", Dir: ".factory", Name: "hooks.json", TopLevel: true, TimeoutUnit: time.Second}
}
