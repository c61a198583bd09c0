package install

import (
	"fmt"
	"github.com/agenthooks/hooks/install/internal/hookrun"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// checkAnswer says whether the host would accept the answer r to its
// native event, and what it would make of it. failClosed is Cursor's
// entry setting.
func checkAnswer(h *host, native string, r hookrun.Result, failClosed bool) (Level, string) {
	switch {
	case r.Err != nil:
		return Fail, "could not run: " + r.Err.Error()
	case r.TimedOut:
		return Fail, "did not answer in time: the host would kill it and " + map[bool]string{true: "block the action", false: "ignore it"}[h.Flat && failClosed]
	case r.Exit == 126 || r.Exit == 127:
		return Fail, fmt.Sprintf("the shell could not run the command (exit %d): %s", r.Exit, oneLine(r.Stderr))
	}
	ac, ok := h.adapter.(hostfacts.AnswerChecker)
	if !ok {
		return Info, "ran; " + h.Title + " states no answer check (hostfacts.AnswerChecker)"
	}
	out := hooks.Output{Stdout: r.Stdout, Stderr: string(r.Stderr), ExitCode: r.Exit}
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

// The identifiers doctor's synthetic payloads carry (see package
// internal/sample, whose constants they equal).
const doctorSession = "00000000-0000-4000-8000-00000000d0c7"

// payload returns the host's sample payload of its native event, about a
// harmless action in project directory dir, as its adapter states it
// (hostfacts.Sampler); nil for an event it has no sample of.
func payload(h *host, native, dir string) []byte {
	if s, ok := h.adapter.(hostfacts.Sampler); ok {
		return s.SamplePayload(native, dir)
	}
	return nil
}
