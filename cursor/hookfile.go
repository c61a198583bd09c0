package cursor

import (
	"time"

	"github.com/agenthooks/hooks"
)

// HookFile implements hooks.HookFiler: .cursor/hooks.json with
// "version": 1, entries listed directly per event, timeouts in seconds.
func (*Adapter) HookFile() hooks.HookFile {
	return hooks.HookFile{Title: "Cursor", FailClosed: true, UserInDir: true, Dir: ".cursor", Name: "hooks.json", Flat: true, Version: true, TimeoutUnit: time.Second,
		Trust: "Cursor runs project hooks only in a trusted workspace", WindowsShell: hooks.ShellCmd}
}
