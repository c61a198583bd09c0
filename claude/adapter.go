package claude

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is Claude Code's name, as given to --host.
const Host hooks.Host = "claude"

// SkillShell is the native event that gates a `!` shell line of a skill
// or slash command (Claude Code 2.1.332 and later). No PreToolUse fires
// for such a line on any version; Parse gives it as a
// *hooks.PreToolUseEvent with a Bash tool and an Origin, so that a shell
// policy covers it unchanged.
const SkillShell = "PreSkillShellCommand"

// DefaultTimeout is the hook time limit Serve plans for when the settings
// give none. Claude's documentation has said 60 s for command hooks; newer
// releases are documented with 600 s. The shorter one is used so that the
// hook answers in time on either.
const DefaultTimeout = 60 * time.Second

// Adapter speaks Claude Code's hook dialect. The zero value is ready to
// use; it holds no state and is safe for concurrent use.
type Adapter struct{}

// New returns a Claude Code adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "claude".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix (see capabilities). Callers
// must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }
