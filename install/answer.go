package install

import (
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// runResult is what a hook process did.
type runResult struct {
	exit           int
	stdout, stderr []byte
	timedOut       bool
	err            error // could not be started
}

// checkAnswer says whether the host would accept the answer r to its
// native event, and what it would make of it. failClosed is Cursor's
// entry setting.
func checkAnswer(h *host, native string, r runResult, failClosed bool) (Level, string) {
	switch {
	case r.err != nil:
		return Fail, "could not run: " + r.err.Error()
	case r.timedOut:
		return Fail, "did not answer in time: the host would kill it and " + map[bool]string{true: "block the action", false: "ignore it"}[h.Flat && failClosed]
	case r.exit == 126 || r.exit == 127:
		return Fail, fmt.Sprintf("the shell could not run the command (exit %d): %s", r.exit, oneLine(r.stderr))
	}
	ac, ok := h.adapter.(hostfacts.AnswerChecker)
	if !ok {
		return Info, "ran; " + h.Title + " states no answer check (hostfacts.AnswerChecker)"
	}
	out := hooks.Output{Stdout: r.stdout, Stderr: string(r.stderr), ExitCode: r.exit}
	v, msg := ac.CheckAnswer(native, out, failClosed)
	l := levelOf(v)
	// The adapter's answer reader says what the host does with the
	// answer: one it discards is a failure whatever its form.
	if ar, ok := h.adapter.(hostfacts.AnswerReader); ok && l != Fail {
		if rd := ar.ReadAnswer(native, out); rd.Ignored != "" {
			return Fail, msg + "; but " + h.Title + " ignores the answer: " + rd.Ignored
		}
	}
	return l, msg
}

// levelOf is the doctor's level for an adapter's verdict.
func levelOf(v hostfacts.Verdict) Level {
	switch v {
	case hostfacts.VerdictOK:
		return OK
	case hostfacts.VerdictWarn:
		return Warn
	case hostfacts.VerdictFail:
		return Fail
	}
	return Info
}

func oneLine(b []byte) string { return verdict.OneLine(string(b)) }
