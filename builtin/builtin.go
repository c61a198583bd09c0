// Package builtin lists the adapters of this module, one per host: the
// hosts a hook binary answers out of the box. It imports the adapter
// packages and nothing else, so that hookmain, hookhttp and hookstest
// share the list without linking one another.
package builtin

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/auggie"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/cline"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/copilot"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/droid"
	"github.com/agenthooks/hooks/gemini"
	"github.com/agenthooks/hooks/kimi"
	"github.com/agenthooks/hooks/opencode"
	"github.com/agenthooks/hooks/pi"
	"github.com/agenthooks/hooks/qwen"
)

// Adapters returns a new list of the built-in adapters: Claude Code,
// Cursor, Gemini CLI, Codex, GitHub Copilot CLI, Qwen Code, Factory
// Droid, Kimi Code, Cline CLI, OpenCode (whose fork Kilo Code CLI
// runs the same hooks), Pi and Auggie. The Copilot adapter is unbound: it reads the event from a
// PascalCase payload, or from the --event NAME of a camelCase
// registration ([hooks.EventParser]), and infers it from the payload's
// fields only when neither says.
func Adapters() []hooks.Adapter {
	return []hooks.Adapter{
		claude.New(),
		cursor.New(),
		gemini.New(),
		codex.New(),
		copilot.New(),
		qwen.New(),
		droid.New(),
		kimi.New(),
		cline.New(),
		opencode.New(),
		pi.New(),
		auggie.New(),
	}
}

// Named returns a new built-in adapter for host, as [Adapters] lists it,
// or nil when no built-in adapter has that name. A hook process given
// --host builds only that adapter, which is all it needs to answer.
func Named(host hooks.Host) hooks.Adapter {
	switch host {
	case claude.Host:
		return claude.New()
	case cursor.Host:
		return cursor.New()
	case gemini.Host:
		return gemini.New()
	case codex.Host:
		return codex.New()
	case copilot.Host:
		return copilot.New()
	case qwen.Host:
		return qwen.New()
	case droid.Host:
		return droid.New()
	case kimi.Host:
		return kimi.New()
	case cline.Host:
		return cline.New()
	case opencode.Host:
		return opencode.New()
	case pi.Host:
		return pi.New()
	case auggie.Host:
		return auggie.New()
	}
	return nil
}
