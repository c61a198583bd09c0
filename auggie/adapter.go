package auggie

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is Auggie's name, as given to --host.
const Host hooks.Host = "auggie"

// DefaultTimeout is Auggie's time limit for a hook whose entry gives no
// "timeout" (60000 ms in its code). Its timeout is in MILLISECONDS: an
// entry written with Claude Code's seconds ("timeout": 30) kills the hook
// after 30 ms, and a hook that times out lets the call run.
const DefaultTimeout = 60 * time.Second

// Adapter speaks Auggie's hook dialect. The zero value is ready to use;
// it holds no state and is safe for concurrent use.
type Adapter struct{}

// New returns an Auggie adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "auggie".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix. Callers must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }
