package cursor

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// Doctor names the gate events' {"permission":"allow"} as what it is,
// the adapter's no opinion (issue 42, item 8: in observe mode it read
// "answered {"permission":"allow"}" where the README promises no
// opinion); an answer with an effect is summarised as it is.
func TestCheckAnswerNoOpinion(t *testing.T) {
	a := New()
	for _, tc := range []struct {
		native, out string
		want        string
	}{
		{EventPreToolUse, `{"permission":"allow"}`, `no opinion ({"permission":"allow"})`},
		{EventBeforeShellExecution, "{\n  \"permission\": \"allow\"\n}\n", `no opinion ({"permission":"allow"})`},
		{EventPreToolUse, `{"permission":"allow","user_message":"ok"}`, `answered {"permission":"allow","user_message":"ok"}`},
		{EventPreToolUse, `{"permission":"deny","user_message":"no"}`, `answered {"permission":"deny","user_message":"no"}`},
		{EventPostToolUse, `{"additional_context":"x"}`, `answered {"additional_context":"x"}`},
	} {
		v, msg := hostfacts.CheckAnswer(a, tc.native, hooks.Output{Stdout: []byte(tc.out)}, true)
		if v != hostfacts.VerdictOK || msg != tc.want {
			t.Errorf("CheckAnswer(%s, %s) = %v, %q; want OK, %q", tc.native, tc.out, v, msg, tc.want)
		}
	}
}

// With "failClosed": true, Cursor blocks every call when the hook fails,
// and no output on a gate event is a failure too; without it, both let
// the action go on.
func TestCheckAnswerFailClosed(t *testing.T) {
	a := New()
	for _, tc := range []struct {
		native     string
		out        hooks.Output
		failClosed bool
		want       hostfacts.Verdict
		msg        string
	}{
		{EventPreToolUse, hooks.Output{}, false, hostfacts.VerdictOK, "no opinion"},
		{EventPreToolUse, hooks.Output{}, true, hostfacts.VerdictFail, "no output on preToolUse: a hook failure for Cursor: with failClosed set, the host blocks every call"},
		{EventPostToolUse, hooks.Output{}, true, hostfacts.VerdictOK, "no opinion"},
		{EventPreToolUse, hooks.Output{ExitCode: 1}, false, hostfacts.VerdictFail, "exit code 1 is a hook failure: Cursor lets the action go on unless the hook is failClosed"},
		{EventPreToolUse, hooks.Output{ExitCode: 1}, true, hostfacts.VerdictFail, "exit code 1 is a hook failure: with failClosed set, the host blocks every call"},
		{EventPreToolUse, hooks.Output{ExitCode: 2, Stdout: []byte(`{"permission":"deny"}`)}, false, hostfacts.VerdictWarn, "blocks (exit 2), but Cursor does not parse stdout on exit 2: it shows it raw as the reason"},
	} {
		v, msg := hostfacts.CheckAnswer(a, tc.native, tc.out, tc.failClosed)
		if v != tc.want || msg != tc.msg {
			t.Errorf("CheckAnswer(%s, %+v, failClosed %v) = %v, %q; want %v, %q", tc.native, tc.out, tc.failClosed, v, msg, tc.want, tc.msg)
		}
	}
}
