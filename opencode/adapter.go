package opencode

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is OpenCode's name, as given to --host.
const Host hooks.Host = "opencode"

// DefaultTimeout is how long the plugin waits for the hook when the
// installer gives no --timeout. A hook that has not answered by then is
// killed and the call is blocked (see [PluginConfig]).
const DefaultTimeout = 30 * time.Second

// Adapter speaks the JSON of this module's OpenCode plugin (see the
// package documentation for the wire format). The zero value is ready to
// use; it holds no state and is safe for concurrent use.
type Adapter struct{}

// New returns an OpenCode adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "opencode".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix. Callers must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }
