package pi

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// CheckAnswer implements hostfacts.AnswerChecker: the extension takes
// nothing or one JSON object on exit 0, or exit 2 with a reason on
// stderr; anything else blocks the call (the extension fails closed when the
// hook did not answer), which a doctor reports as a failure.
func (*Adapter) CheckAnswer(native string, out hooks.Output, failClosed bool) (hostfacts.Verdict, string) {
	switch out.ExitCode {
	case 0:
	case 2:
		if strings.TrimSpace(out.Stderr) == "" {
			return hostfacts.VerdictOK, "blocks (exit 2) with the plugin's placeholder reason"
		}
		return hostfacts.VerdictOK, "blocks (exit 2): " + verdict.OneLine(out.Stderr)
	default:
		return hostfacts.VerdictFail, fmt.Sprintf("exit %d: the Pi extension blocks every call this hook sees", out.ExitCode)
	}
	s := bytes.TrimSpace(out.Stdout)
	if len(s) == 0 {
		return hostfacts.VerdictOK, "no opinion"
	}
	if _, err := verdict.Object(s); err != nil {
		return hostfacts.VerdictFail, fmt.Sprintf("stdout is not one JSON object (%v): the Pi extension blocks the call", err)
	}
	return hostfacts.VerdictOK, verdict.Summary(s)
}
