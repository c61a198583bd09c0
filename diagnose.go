package hooks

import "strconv"

// A Verdict grades what a host makes of a hook, for a doctor: of an
// answer ([AnswerChecker]).
type Verdict int

// The verdicts, from harmless to blocking.
const (
	// VerdictInfo is a remark: something the doctor cannot check, or
	// did not.
	VerdictInfo Verdict = iota
	// VerdictOK: the host acts as the hook means it to.
	VerdictOK
	// VerdictWarn: the host acts, but perhaps not as meant (plain text it
	// ignores, a block with no reason shown).
	VerdictWarn
	// VerdictFail: the host ignores the answer, fails the hook or does not
	// run it.
	VerdictFail
)

// String returns "info", "ok", "warn" or "fail".
func (v Verdict) String() string {
	switch v {
	case VerdictInfo:
		return "info"
	case VerdictOK:
		return "ok"
	case VerdictWarn:
		return "warn"
	case VerdictFail:
		return "fail"
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// AnswerChecker is implemented by adapters that know how their host reads
// a hook's answer; a doctor runs each registered hook once with a sample
// payload ([Sampler]) and reports the verdict. It judges only what the
// process wrote and how it exited: a hook that could not start, or did not
// answer in time, is the doctor's to report.
type AnswerChecker interface {
	// CheckAnswer says what the host would make of out, a hook's answer to
	// the native event, and why, in a line for people ("blocks (exit 2):
	// …", "answered {…}"). failClosed is the entry's "failClosed": true,
	// on a host that has it ([HookFile.FailClosed]).
	CheckAnswer(native string, out Output, failClosed bool) (Verdict, string)
}
