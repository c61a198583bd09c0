package hostfacts_test

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// reads answers every output with the same reading.
type reads hostfacts.Reading

func (r reads) ReadAnswer(string, hooks.Output) hostfacts.Reading { return hostfacts.Reading(r) }

// CheckAnswer's verdicts follow the reading alone.
func TestCheckAnswerFromReading(t *testing.T) {
	deny := hooks.DecisionDeny
	for _, tc := range []struct {
		name       string
		r          hostfacts.Reading
		out        hooks.Output
		failClosed bool
		want       hostfacts.Verdict
		msg        string
	}{
		{"nothing", hostfacts.Reading{}, hooks.Output{}, false, hostfacts.VerdictOK, "no opinion"},
		{"no effect", hostfacts.Reading{}, hooks.Output{Stdout: []byte("{ }\n")}, false, hostfacts.VerdictOK, "no opinion ({})"},
		{"a deny", hostfacts.Reading{Decision: deny, Reason: "no"}, hooks.Output{Stdout: []byte(`{"d": "no"}`)}, false, hostfacts.VerdictOK, `answered {"d":"no"}`},
		{"exit block", hostfacts.Reading{Decision: deny, Reason: "no\n  way"}, hooks.Output{ExitCode: 2}, false, hostfacts.VerdictOK, "blocks (exit 2): no way"},
		{"exit block, placeholder", hostfacts.Reading{Decision: deny, Reason: "Blocked", Placeholder: true}, hooks.Output{ExitCode: 2}, false, hostfacts.VerdictWarn, `blocks (exit 2) without a reason: the host gives "Blocked"`},
		{"JSON block, placeholder", hostfacts.Reading{Decision: deny, Reason: "Blocked", Placeholder: true}, hooks.Output{Stdout: []byte(`{}`)}, false, hostfacts.VerdictOK, "answered {}"},
		{"ignored", hostfacts.Reading{Ignored: "not read"}, hooks.Output{Stdout: []byte("x")}, true, hostfacts.VerdictFail, "not read"},
		{"flaw", hostfacts.Reading{Flaw: "shown raw"}, hooks.Output{Stdout: []byte("x")}, false, hostfacts.VerdictWarn, "shown raw"},
		{"plain context", hostfacts.Reading{Context: "x"}, hooks.Output{Stdout: []byte("x")}, false, hostfacts.VerdictOK, "plain text, added to the context"},
		{"exit context", hostfacts.Reading{Context: "x"}, hooks.Output{ExitCode: 2}, false, hostfacts.VerdictOK, "adds to the context: x"},
		{"failed, host blocks", hostfacts.Reading{Failed: "exit 1", Decision: deny, Reason: "errored"}, hooks.Output{ExitCode: 1}, false, hostfacts.VerdictFail, "exit 1: the host blocks the call"},
		{"failed, fails closed", hostfacts.Reading{Failed: "exit 1", Ignored: "exit 1: goes on"}, hooks.Output{ExitCode: 1}, true, hostfacts.VerdictFail, "exit 1: with failClosed set, the host blocks every call"},
		{"failed, fails open", hostfacts.Reading{Failed: "exit 1", Ignored: "exit 1: goes on"}, hooks.Output{ExitCode: 1}, false, hostfacts.VerdictFail, "exit 1: goes on"},
		{"failed, told", hostfacts.Reading{Failed: "exit 1", Context: "hook failed"}, hooks.Output{ExitCode: 1}, false, hostfacts.VerdictFail, "exit 1: the host tells the model so"},
		{"failure that matters only closed", hostfacts.Reading{Failed: "no output"}, hooks.Output{}, false, hostfacts.VerdictOK, "no opinion"},
		{"failure that matters closed", hostfacts.Reading{Failed: "no output"}, hooks.Output{}, true, hostfacts.VerdictFail, "no output: with failClosed set, the host blocks every call"},
	} {
		v, msg := hostfacts.CheckAnswer(reads(tc.r), "E", tc.out, tc.failClosed)
		if v != tc.want || msg != tc.msg {
			t.Errorf("%s: CheckAnswer = %v, %q; want %v, %q", tc.name, v, msg, tc.want, tc.msg)
		}
	}
}
