// Package builtin lists the adapters of this module, one per host: the
// hosts a hook binary answers out of the box. It imports the adapter
// packages and nothing else, so that hookmain, hookhttp and hookstest
// share the list without linking one another.
package builtin

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/gemini"
)

// Adapters returns a new list of the built-in adapters: Claude Code,
// Cursor, Gemini CLI and Codex.
func Adapters() []hooks.Adapter {
	return []hooks.Adapter{claude.New(), cursor.New(), gemini.New(), codex.New()}
}
