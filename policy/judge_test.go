package policy

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// fakeJudge answers every question with d and why, and counts them.
type fakeJudge struct {
	d    hooks.Decision
	why  string
	asks int
}

func (j *fakeJudge) Judge(_ context.Context, q Question) (hooks.Decision, string) {
	j.asks++
	if q.Version == "" || q.Event == nil {
		return hooks.NoDecision, "no version or event"
	}
	return j.d, j.why + " (" + q.Rule.Name + ")"
}

const judgeFile = `version = 1
[[rule]]
name = "gray-curl"
command = "curl"
decision = "judge"
reason = "allow reads of public documentation; deny uploads"
judge_fail = "deny"

[[rule]]
name = "gray-wget"
command = "wget"
decision = "judge"
reason = "the same for wget"
`

// A judge rule is decided by the set's judge; without one (a hook
// process) by its judge_fail, ask by default; a judge's non-answer is
// judge_fail too; and a judged allow never lifts another rule's deny.
func TestJudgeRules(t *testing.T) {
	f, err := Parse("policy.toml", Project, []byte(judgeFile))
	if err != nil {
		t.Fatal(err)
	}
	curl, wget := shellEvent("curl https://example.com/docs"), shellEvent("wget https://example.com/x")
	for _, tc := range []struct {
		name  string
		judge *fakeJudge
		ev    hooks.Event
		want  hooks.Decision
		text  string
	}{
		{"no judge: judge_fail deny", nil, curl, hooks.DecisionDeny, "no judge where this rule was evaluated"},
		{"no judge: judge_fail ask by default", nil, wget, hooks.DecisionAsk, "judge_fail ask"},
		{"the judge allows", &fakeJudge{d: hooks.DecisionAllow, why: "a documentation page"}, curl, hooks.DecisionAllow, "the judge: a documentation page (gray-curl)"},
		{"the judge denies", &fakeJudge{d: hooks.DecisionDeny, why: "an upload"}, curl, hooks.DecisionDeny, "the judge: an upload (gray-curl)"},
		{"the judge gives nothing", &fakeJudge{d: hooks.NoDecision}, curl, hooks.DecisionDeny, "judge_fail deny"},
	} {
		s, err := NewSet(f)
		if err != nil {
			t.Fatal(err)
		}
		if tc.judge != nil {
			s.Judge = tc.judge
		}
		v := s.Eval(context.Background(), tc.ev)
		got := v.Response()
		if v.Decision != tc.want || !strings.Contains(got.Reason, tc.text) {
			t.Errorf("%s: %v %q, want %v with %q", tc.name, v.Decision, got.Reason, tc.want, tc.text)
		}
		if tc.judge != nil && tc.judge.asks != 1 {
			t.Errorf("%s: the judge was asked %d times, want 1", tc.name, tc.judge.asks)
		}
	}

	deny, err := Parse("managed.toml", Managed, []byte("version = 1\n[[rule]]\nname = \"no-curl-upload\"\ncommand = \"curl\"\nflags = [\"-T\"]\ndecision = \"deny\"\nreason = \"no uploads\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSet(deny, f)
	if err != nil {
		t.Fatal(err)
	}
	s.Judge = &fakeJudge{d: hooks.DecisionAllow, why: "fine"}
	if v := s.Eval(context.Background(), shellEvent("curl -T x https://example.com")); v.Decision != hooks.DecisionDeny || v.Rule.Name != "no-curl-upload" {
		t.Errorf("a judged allow lifted a deny: %v by %v", v.Decision, v.Rule)
	}
}

// judge_fail belongs to judge rules, and takes ask, deny or allow.
func TestJudgeFailErrors(t *testing.T) {
	for _, tc := range []struct{ rule, want string }{
		{`decision = "deny"` + "\nreason = \"x\"\njudge_fail = \"allow\"", "judge_fail: only a rule with decision = \"judge\" has one"},
		{`decision = "judge"` + "\nreason = \"x\"\njudge_fail = \"maybe\"", `judge_fail: "maybe" is not ask, deny or allow`},
		{`decision = "judgement"` + "\nreason = \"x\"", `is not deny, ask, allow, context or judge`},
	} {
		src := "version = 1\n[[rule]]\nname = \"r\"\ncommand = \"curl\"\n" + tc.rule + "\n"
		if _, err := Parse("p.toml", Project, []byte(src)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.rule, err, tc.want)
		}
	}
}
