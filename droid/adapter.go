package droid

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is Factory Droid's name, as given to --host.
const Host hooks.Host = "droid"

// DefaultTimeout is the hook time limit assumed when the configuration
// gives none. Droid's "timeout" is in seconds; its default was not
// measured, and 60 s (the Claude-compatible value Factory documents) is
// assumed. A timed-out hook lets the tool run, so installers should write
// an explicit timeout and pass it as --timeout.
const DefaultTimeout = 60 * time.Second

// Adapter speaks Factory Droid's hook dialect. The zero value is ready to
// use; it holds no state and is safe for concurrent use.
type Adapter struct{}

// New returns a Droid adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "droid".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix. Callers must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }
