package hostfacts

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/verdict"
)

// CheckAnswer grades, for a doctor, what the host of r makes of out, a
// hook's answer to the native event, with a line for people ("blocks
// (exit 2): …", "answered {…}"). It is derived from r's one reading of
// the answer ([AnswerReader.ReadAnswer]), so a doctor and a test kit
// never disagree about a host:
//
//   - [VerdictFail] when the host discards the answer ([Reading.Ignored])
//     or counts the hook as failed ([Reading.Failed]) and then blocks or
//     ignores it;
//   - [VerdictWarn] when the host acts, but perhaps not as the hook meant
//     ([Reading.Flaw]), or blocks on an exit code with no reason to show;
//   - [VerdictOK] otherwise.
//
// failClosed is the entry's "failClosed": true, on a host that has it
// ([JSONSettings.FailClosed]): a failed hook then blocks every call.
// CheckAnswer judges only what the process wrote and how it exited: a
// hook that could not start, or did not answer in time, is the doctor's
// to report.
func CheckAnswer(r AnswerReader, native string, out hooks.Output, failClosed bool) (Verdict, string) {
	v := r.ReadAnswer(native, out)
	switch {
	case v.Failed != "" && v.Decision == hooks.DecisionDeny:
		return VerdictFail, v.Failed + ": the host blocks the call"
	case v.Failed != "" && failClosed:
		return VerdictFail, v.Failed + ": with failClosed set, the host blocks every call"
	case v.Ignored != "":
		return VerdictFail, v.Ignored
	case v.Failed != "" && v.Context != "":
		return VerdictFail, v.Failed + ": the host tells the model so"
	}
	said := v.said(out)
	switch {
	case v.Flaw != "":
		return VerdictWarn, v.Flaw
	case out.ExitCode != 0 && v.Decision == hooks.DecisionDeny && v.Placeholder:
		return VerdictWarn, fmt.Sprintf("blocks (exit %d) without a reason: the host gives %q", out.ExitCode, v.Reason)
	}
	return VerdictOK, said
}

// said is a line on what the host does with out, read as v.
func (v Reading) said(out hooks.Output) string {
	s := bytes.TrimSpace(out.Stdout)
	switch {
	case out.ExitCode != 0 && v.Decision == hooks.DecisionDeny:
		if v.Reason == "" {
			return fmt.Sprintf("blocks (exit %d)", out.ExitCode)
		}
		return fmt.Sprintf("blocks (exit %d): %s", out.ExitCode, verdict.OneLine(v.Reason))
	case len(s) == 0 && v.Context != "":
		return "adds to the context: " + verdict.OneLine(v.Context)
	case len(s) == 0:
		return "no opinion"
	case s[0] != '{' && v.Context != "":
		return "plain text, added to the context"
	case v.String() == "no opinion" && v.User == "" && len(v.Notes) == 0:
		// An answer with no effect, such as Cursor's {"permission":"allow"}.
		return "no opinion (" + strings.TrimPrefix(verdict.Summary(s), "answered ") + ")"
	}
	return verdict.Summary(s)
}
