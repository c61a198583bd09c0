package kimi

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// CheckAnswer implements hostfacts.AnswerChecker: Kimi Code reads one
// JSON object on exit 0, or exit 2 with the reason on stderr; any other
// exit code lets the action run, and on UserPromptSubmit any stdout it
// cannot read as JSON becomes part of the conversation.
func (a *Adapter) CheckAnswer(native string, out hooks.Output, failClosed bool) (hostfacts.Verdict, string) {
	switch out.ExitCode {
	case 0:
	case 2:
		if strings.TrimSpace(out.Stderr) == "" {
			return hostfacts.VerdictWarn, "blocks (exit 2) without a reason on stderr: Kimi shows \"Blocked by " + native + " hook\""
		}
		return hostfacts.VerdictOK, "blocks (exit 2): " + verdict.OneLine(out.Stderr)
	default:
		return hostfacts.VerdictFail, fmt.Sprintf("exit %d: Kimi ignores the answer and lets the action run", out.ExitCode)
	}
	s := bytes.TrimSpace(out.Stdout)
	if len(s) == 0 {
		return hostfacts.VerdictOK, "no opinion"
	}
	if _, err := verdict.Object(s); err != nil {
		if native == EventUserPromptSubmit {
			return hostfacts.VerdictWarn, "stdout is not one JSON object: Kimi adds it to the conversation as it is"
		}
		return hostfacts.VerdictFail, fmt.Sprintf("stdout is not one JSON object (%v): Kimi ignores it", err)
	}
	return hostfacts.VerdictOK, verdict.Summary(s)
}
