package policy

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookstest"
)

// fixed returns a Loader of the files srcs, as layers managed, user,
// project.
func fixed(t *testing.T, srcs ...string) Loader {
	s := mustSet(t, srcs...)
	return func(string) (*Set, error) { return s, nil }
}

// TestFrontOnEveryHost runs a policy file's rules in front of a team's
// handlers on every host's payloads (package hookstest).
func TestFrontOnEveryHost(t *testing.T) {
	own := hooks.Handlers{
		PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
			if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf /") {
				return hooks.Deny("own: no"), nil
			}
			return hooks.Allow(), nil
		},
	}
	h := Front(fixed(t, npmDeny+`
[[rule]]
name = "pem"
writes = "*.pem"
decision = "deny"
reason = "keys are issued by the PKI"
[[rule]]
name = "ask-curl"
command = "curl"
decision = "ask"
reason = "network access"
`), own, &bytes.Buffer{})
	hookstest.Run(t, h, hookstest.Shell("sudo npm publish")).DeniedWithReason(t, "no-npm-publish")
	hookstest.Run(t, h, hookstest.Shell("npm run publish-docs")).Allowed(t)
	hookstest.Run(t, h, hookstest.Shell("echo npm publish")).Allowed(t)
	hookstest.Run(t, h, hookstest.Write("certs/server.pem", "x")).DeniedWithReason(t, "keys are issued by the PKI")
	hookstest.Run(t, h, hookstest.Write("README.md", "x")).Allowed(t)
	hookstest.Run(t, h, hookstest.Shell("rm -rf /")).DeniedWithReason(t, "own: no")
}

// TestFrontPrecedence: the stronger of the file's verdict and the
// handler's answer, both contexts kept; a rewrite is judged as it will
// run.
func TestFrontPrecedence(t *testing.T) {
	ev := func(cmd string) *hooks.PreToolUseEvent { return shellEvent(cmd) }
	for _, tc := range []struct {
		name string
		own  hooks.Response
		cmd  string
		want hooks.Decision
		ctx  string
	}{
		{"own allow, file ask", hooks.Allow(), "curl x", hooks.DecisionAsk, ""},
		{"own deny, file ask", hooks.Deny("own"), "curl x", hooks.DecisionDeny, ""},
		{"own ask, file allow", hooks.Ask("own"), "make", hooks.DecisionAsk, ""},
		{"own none, file allow", hooks.Response{}, "make", hooks.DecisionAllow, ""},
		{"own context, file context", hooks.AddContext("own ctx"), "ls", hooks.NoDecision, "own ctx\nlisting"},
		{"rewrite into a denied command", hooks.Rewrite(&hooks.ShellInput{Command: "npm publish"}), "npm test", hooks.DecisionDeny, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			own := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) { return tc.own, nil }}
			h := Front(fixed(t, npmDeny+`
[[rule]]
name = "ask-curl"
command = "curl"
decision = "ask"
reason = "network"
[[rule]]
name = "ok-make"
command = "make"
decision = "allow"
[[rule]]
name = "ls"
command = "ls"
decision = "context"
reason = "listing"
`), own, &bytes.Buffer{})
			r, err := h.PreToolUse(context.Background(), ev(tc.cmd))
			if err != nil || r.Decision != tc.want || r.Context != tc.ctx {
				t.Errorf("= %+v, %v; want %v with context %q", r, err, tc.want, tc.ctx)
			}
		})
	}
}

// TestFrontBrokenFile: a loader error denies, with one stderr line.
func TestFrontBrokenFile(t *testing.T) {
	var stderr bytes.Buffer
	called := false
	own := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		called = true
		return hooks.Allow(), nil
	}}
	load := func(string) (*Set, error) {
		return nil, &Error{File: "/home/dev/project/.agenthooks/policy.toml", Line: 3, Key: "rule.x", Msg: "unknown key"}
	}
	r, _ := Front(load, own, &stderr).PreToolUse(context.Background(), shellEvent("ls"))
	if r.Decision != hooks.DecisionDeny || called || strings.Count(stderr.String(), "\n") != 1 ||
		!strings.Contains(stderr.String(), "/home/dev/project/.agenthooks/policy.toml:3: rule.x: unknown key") {
		t.Errorf("= %+v, called %v, stderr %q", r, called, stderr.String())
	}
}

// TestRuleNameReported: every rule that matched reaches the check log
// (and so the decision log, report and a gateway's spans) by name, an
// observed one marked.
func TestRuleNameReported(t *testing.T) {
	s := mustSet(t, npmDeny+"[[rule]]\nname = \"watch\"\ncommand = \"npm\"\ndecision = \"ask\"\nreason = \"r\"\nmode = \"observe\"\n")
	ctx, log := hooks.WithCheckLog(context.Background())
	s.Eval(ctx, shellEvent("npm publish"))
	var got []string
	for _, c := range log.Checks() {
		got = append(got, c.Name+" "+c.Decision.String()+" "+c.Note)
	}
	want := []string{"policy:no-npm-publish deny command: npm publish", "policy:watch ask observe: command: npm publish"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("checks = %q; want %q", got, want)
	}
}
