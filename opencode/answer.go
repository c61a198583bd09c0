package opencode

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/shim"
)

// CheckAnswer implements hostfacts.AnswerChecker: the plugin takes
// nothing or one JSON object on exit 0, or exit 2 with a reason on
// stderr; anything else blocks the call (the plugin fails closed when the
// hook did not answer), which a doctor reports as a failure.
func (*Adapter) CheckAnswer(native string, out hooks.Output, failClosed bool) (hostfacts.Verdict, string) {
	return shim.Check(&shimHost, out)
}
