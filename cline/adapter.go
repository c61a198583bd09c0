package cline

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is Cline CLI's name, as given to --host.
const Host hooks.Host = "cline"

// DefaultTimeout is Cline's time limit for a hook file (120 s for
// PreToolUse, read in the 3.0.65 bundle). A hook that runs out of it is
// killed and the tool RUNS: the handler deadline is set below it, so that
// the hook answers with its fail policy first.
const DefaultTimeout = 120 * time.Second

// Adapter speaks Cline CLI's hook dialect. The zero value is ready to
// use; it holds no state and is safe for concurrent use.
type Adapter struct{}

// New returns a Cline adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "cline".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix. Callers must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }
