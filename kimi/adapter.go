package kimi

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is Kimi Code's name, as given to --host.
const Host hooks.Host = "kimi"

// DefaultTimeout is Kimi Code's time limit for a hook whose [[hooks]]
// table gives no timeout (30 s in the 2.1.0 bundle). A hook that runs
// longer is killed and the action goes on.
const DefaultTimeout = 30 * time.Second

// Adapter speaks Kimi Code's hook dialect. The zero value is ready to
// use; it holds no state and is safe for concurrent use.
type Adapter struct{}

// New returns a Kimi Code adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "kimi".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix. Callers must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }
