package cursor

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// Doctor names the gate events' {"permission":"allow"} as what it is,
// the adapter's no opinion (issue 42, item 8: in observe mode it read
// "answered {"permission":"allow"}" where the README promises no
// opinion); an allow with anything else, or on another event, is
// summarised as it is.
func TestCheckAnswerNoOpinion(t *testing.T) {
	a := New()
	for _, tc := range []struct {
		native, out string
		want        string
	}{
		{EventPreToolUse, `{"permission":"allow"}`, noOpinionAllow},
		{EventBeforeShellExecution, "{\n  \"permission\": \"allow\"\n}\n", noOpinionAllow},
		{EventPreToolUse, `{"permission":"allow","agent_message":"ok"}`, `answered {"permission":"allow","agent_message":"ok"}`},
		{EventPreToolUse, `{"permission":"deny"}`, `answered {"permission":"deny"}`},
		{EventPostToolUse, `{"permission":"allow"}`, `answered {"permission":"allow"}`},
	} {
		v, msg := a.CheckAnswer(tc.native, hooks.Output{Stdout: []byte(tc.out)}, true)
		if v != hostfacts.VerdictOK || msg != tc.want {
			t.Errorf("CheckAnswer(%s, %s) = %v, %q; want OK, %q", tc.native, tc.out, v, msg, tc.want)
		}
	}
}
