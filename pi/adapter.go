package pi

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is Pi's name, as given to --host.
const Host hooks.Host = "pi"

// DefaultTimeout is how long the extension waits for the hook when the
// installer gives no --timeout. A hook that has not answered by then is
// killed and the call is blocked (see [ExtensionConfig]).
const DefaultTimeout = 30 * time.Second

// Adapter speaks the JSON of this module's Pi extension (see the package
// documentation for the wire format). The zero value is ready to use; it
// holds no state and is safe for concurrent use.
type Adapter struct{}

// New returns a Pi adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "pi".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix. Callers must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }
