package main

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookstest"
)

// fakeToken is a GitHub token of the right shape, built from parts.
const fakeToken = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"

// TestSecretsStayOutput checks rule 7 on PostToolUse on every host: a
// command's output holding a token is answered with the output redacted
// (the rest kept) where the host replaces output, and with a halt or the
// capability warning where it cannot; no answer ever holds the token.
func TestSecretsStayOutput(t *testing.T) {
	res := hookstest.Run(t, handlers(), hookstest.PostShell("env", "HOME=/home/dev\nGITHUB_TOKEN="+fakeToken+"\nLANG=C\n"))
	replaced := map[hooks.Host]bool{}
	for _, c := range res.Cases {
		if c.Err != nil {
			t.Errorf("%s %s: %v", c.Host, c.Native, c.Err)
			continue
		}
		out := string(c.Output.Stdout) + c.Output.Stderr
		if strings.Contains(out, fakeToken) {
			t.Errorf("%s %s: the answer holds the token: %s", c.Host, c.Native, out)
		}
		warned := false
		for _, w := range c.Warnings {
			warned = warned || w.Field == hooks.FieldUpdatedOutput
		}
		switch {
		case strings.Contains(out, "[REDACTED github-token]"):
			replaced[c.Host] = true
			if !strings.Contains(out, "HOME=/home/dev") {
				t.Errorf("%s %s: the rest of the output is not kept: %s", c.Host, c.Native, out)
			}
		case warned:
		default:
			t.Errorf("%s %s: neither replaced nor warned: %q", c.Host, c.Native, out)
		}
	}
	for _, h := range []hooks.Host{"claude", "gemini", "codex", "copilot"} {
		if !replaced[h] {
			t.Errorf("%s: the output was not replaced", h)
		}
	}
	// Output with no secret: no opinion.
	clean := hookstest.Run(t, handlers(), hookstest.PostShell("go test ./...", "ok  \tgithub.com/agenthooks/hooks\t0.4s\n"))
	clean.NoOpinion(t)
	clean.NoWarnings(t)
}

// TestSecretsStayPrompt checks rule 7 on UserPromptSubmit: a prompt with
// a token is blocked and the reason does not echo it.
func TestSecretsStayPrompt(t *testing.T) {
	res := hookstest.Run(t, handlers(), hookstest.Prompt("deploy with token "+fakeToken+" please"))
	// Qwen Code shows no reason of a prompt block: only that it is one.
	// Auggie does not wait for its prompt hook: no prompt can be
	// blocked there, and the hook says so on stderr.
	res.Except("qwen", "auggie").DeniedWithReason(t, "guard: rule 7 ")
	for _, c := range res.Host("auggie").Cases {
		warned := false
		for _, w := range c.Warnings {
			warned = warned || w.Field == hooks.FieldDeny && w.Event == "PromptSubmit"
		}
		if c.Verdict.Decision == hooks.DecisionDeny || !warned {
			t.Errorf("auggie %s: %+v, warnings %q: want no block and a warning that says why", c.Native, c.Verdict, c.Warnings)
		}
	}
	for _, c := range res.Host("qwen").Cases {
		if c.Verdict.Decision != hooks.DecisionDeny {
			t.Errorf("qwen %s: the prompt is not blocked: %+v", c.Native, c.Verdict)
		}
	}
	for _, c := range res.Cases {
		if out := string(c.Output.Stdout) + c.Output.Stderr; strings.Contains(out, fakeToken) {
			t.Errorf("%s %s: the answer echoes the token: %s", c.Host, c.Native, out)
		}
	}
	ok := hookstest.Run(t, handlers(), hookstest.Prompt("why does TestSecretKey fail on sha 3f786850e387550fdab836ed7e6dc881de23001b?"))
	ok.NoOpinion(t)
}
