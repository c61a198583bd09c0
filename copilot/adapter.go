package copilot

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is GitHub Copilot CLI's name, as given to --host.
const Host hooks.Host = "copilot"

// DefaultTimeout is Copilot's documented default hook time limit (the
// "timeoutSec" setting, in seconds). A timed-out hook lets the call proceed,
// so the handler's deadline is planned below it.
const DefaultTimeout = 30 * time.Second

// Adapter speaks GitHub Copilot CLI's two hook dialects. It holds no
// per-call state and is safe for concurrent use.
//
// The zero value (or New) reads the event name from the payload when the
// payload names itself (PascalCase registrations, permissionRequest,
// notification) and otherwise infers it from the payload's fields. An
// adapter from ForEvent is bound to the event name the hook was registered
// under, which is what the installer passes as --event: use it whenever the
// name is known, because camelCase payloads carry no event name at all.
type Adapter struct {
	event string
}

// New returns a Copilot adapter that finds the event in the payload (see
// Adapter).
func New() *Adapter { return &Adapter{} }

// ForEvent returns an adapter bound to the event name a hook was
// registered under in Copilot's configuration: a camelCase name
// ("preToolUse", "agentStop", …) or a PascalCase one ("PreToolUse",
// "Stop", …), exactly as written there. The name decides how the answer is
// written (see Serialize). A payload that names a different event is an
// error. An empty name gives New's behaviour; a name Copilot does not
// document is accepted and parses to an unknown *hooks.OtherEvent.
func ForEvent(name string) *Adapter { return &Adapter{event: name} }

// ParseEvent is Parse for a payload of the event native, the name the hook
// was registered under (--event NAME): it implements [hooks.EventParser],
// so that a camelCase registration, whose payload names no event, is read
// as what it is rather than guessed from its fields.
func (a *Adapter) ParseEvent(native string, payload []byte) (hooks.Event, error) {
	return ForEvent(native).Parse(payload)
}

// Event returns the event name the adapter is bound to, or "".
func (a *Adapter) Event() string { return a.event }

// Host returns "copilot".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix, one row per event name in
// each registration form. Callers must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }
