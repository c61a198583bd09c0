package qwen

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is Qwen Code's name, as given to --host.
const Host hooks.Host = "qwen"

// DefaultTimeout is Qwen Code's default limit for a command hook. A hook
// that runs longer is ignored (the tool runs), so the handler's deadline is
// planned below it.
const DefaultTimeout = 60 * time.Second

// Adapter speaks Qwen Code's hook dialect. The zero value is ready to use;
// it holds no state and is safe for concurrent use.
type Adapter struct{}

// New returns a Qwen Code adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "qwen".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix. Callers must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }

// TimeoutSetting converts the "timeout" of a command hook in Qwen's
// settings to a duration as Qwen 0.24.4 reads it: a number below 1000 is
// seconds, 1000 or more is milliseconds (so 999 is over 16 minutes and 1500
// is a second and a half), and zero or less means DefaultTimeout.
func TimeoutSetting(v float64) time.Duration {
	switch {
	case !(v > 0):
		return DefaultTimeout
	case v < 1000:
		return time.Duration(v * float64(time.Second))
	}
	return time.Duration(v * float64(time.Millisecond))
}
