package gemini

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// CheckAnswer implements hostfacts.AnswerChecker: Gemini CLI reads stdout
// that starts with "{" as one JSON object (anything else there, on exit 0
// or 1, as plain text), takes exit 1 as a warning that allows, and any
// higher exit code as a block with stdout or stderr as the reason.
func (*Adapter) CheckAnswer(native string, o hooks.Output, failClosed bool) (hostfacts.Verdict, string) {
	out := bytes.TrimSpace(o.Stdout)
	text := string(out)
	if len(out) == 0 {
		text = strings.TrimSpace(o.Stderr)
	}
	if len(out) > 0 && out[0] == '{' {
		if _, err := verdict.Object(out); err != nil {
			if o.ExitCode == 0 || o.ExitCode == 1 {
				return hostfacts.VerdictFail, "stdout is not exactly one JSON object (" + err.Error() + "): Gemini CLI takes it as plain text and ignores the decision"
			}
			return hostfacts.VerdictWarn, fmt.Sprintf("exit %d with output that is not one JSON object: Gemini CLI blocks with it as the reason", o.ExitCode)
		}
		return hostfacts.VerdictOK, verdict.Summary(out)
	}
	switch o.ExitCode {
	case 0:
		if len(out) == 0 {
			return hostfacts.VerdictOK, "no opinion"
		}
		return hostfacts.VerdictWarn, "plain text on stdout: Gemini CLI shows it as a system message and allows"
	case 1:
		return hostfacts.VerdictFail, "exit 1: Gemini CLI takes it as a warning and allows"
	}
	return hostfacts.VerdictOK, fmt.Sprintf("blocks (exit %d): %s", o.ExitCode, verdict.OneLine(text))
}
