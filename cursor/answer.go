package cursor

import (
	"bytes"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// CheckAnswer implements hostfacts.AnswerChecker: Cursor reads one JSON
// object on exit 0, takes exit 2 as a block (showing stdout raw, not
// parsed), and any other exit code as a failure, which blocks only with
// "failClosed": true; with it, no output on a gate event is a failure too.
func (*Adapter) CheckAnswer(native string, o hooks.Output, failClosed bool) (hostfacts.Verdict, string) {
	out := bytes.TrimSpace(o.Stdout)
	switch o.ExitCode {
	case 0:
	case 2:
		if len(out) > 0 {
			return hostfacts.VerdictWarn, "blocks (exit 2), but Cursor does not parse stdout on exit 2: it shows it raw as the reason"
		}
		return hostfacts.VerdictOK, "blocks (exit 2)"
	default:
		if failClosed {
			return hostfacts.VerdictFail, fmt.Sprintf("exit %d: a failure, so Cursor blocks (failClosed)", o.ExitCode)
		}
		return hostfacts.VerdictFail, fmt.Sprintf("exit %d: a failure, which Cursor ignores", o.ExitCode)
	}
	if len(out) == 0 {
		if failClosed && gates(native) {
			return hostfacts.VerdictFail, "no output while failClosed is set: Cursor treats that as a failure and blocks every call"
		}
		return hostfacts.VerdictOK, "no opinion"
	}
	m, err := verdict.Object(out)
	if err != nil {
		return hostfacts.VerdictFail, "stdout is not one JSON object (" + err.Error() + "): a failure for Cursor"
	}
	if p, ok := m["permission"]; ok && len(m) == 1 && string(p) == `"allow"` && gates(native) {
		return hostfacts.VerdictOK, noOpinionAllow
	}
	return hostfacts.VerdictOK, verdict.Summary(out)
}

// noOpinionAllow is what a doctor says of {"permission":"allow"} alone
// on a gate event: the adapter's no opinion there, since a hook with
// failClosed that prints nothing blocks the action (and so what observe
// mode answers).
const noOpinionAllow = `no opinion (Cursor's form of it: {"permission":"allow"}, since printing nothing blocks under failClosed)`

// gates lists the events whose failure blocks with failClosed.
func gates(native string) bool {
	switch native {
	case EventPreToolUse, EventBeforeShellExecution, EventBeforeMCPExecution, EventBeforeReadFile, EventBeforeSubmitPrompt, EventSubagentStart:
		return true
	}
	return false
}
