package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookmain"
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
	res.Except("qwen").DeniedWithReason(t, "guard: rule 7 ")
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

// TestSecretsStayCursor runs the guard, as the binary does, on Cursor's
// postToolUse in the shapes Cursor really sends (testdata/cursor, from
// its captures) with a GitLab token in the output: for an MCP tool the
// answer is updated_mcp_tool_output with the token redacted and the rest
// kept; for Shell, whose output Cursor takes no replacement of, the
// answer holds nothing and says on stderr that the model reads it
// unchanged (Cursor's capability matrix). No answer holds the token; the
// answers are compared with the .want files (-update rewrites them).
func TestSecretsStayCursor(t *testing.T) {
	const tok = "glpat-" + "Vq8nR2xL5tK9wZ3mB7cJ"
	for _, tc := range []struct {
		name       string
		want, miss []string
	}{
		{"postToolUse-mcp-secret", []string{`"updated_mcp_tool_output":{"content":[{"type":"text","text":"Navigated to about:blank\ndeploy key [REDACTED gitlab-token]\n\ndone"}]}`}, nil},
		{"postToolUse-shell-secret", []string{"the model reads the output of Shell unchanged"}, []string{"updated_mcp_tool_output"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := filepath.Join("testdata", "cursor", tc.name+".json")
			payload, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(payload), tok) {
				t.Fatalf("%s does not hold the token: the test proves nothing", f)
			}
			var stdout, stderr bytes.Buffer
			code := hookmain.Main(context.Background(), handlers(), []string{"--host", "cursor"}, bytes.NewReader(payload), &stdout, &stderr)
			got := fmt.Sprintf("exit %d\nstdout %sstderr %s", code, stdout.String(), stderr.String())
			if strings.Contains(got, tok) || strings.Contains(got, tok[6:16]) {
				t.Errorf("the answer holds the token:\n%s", got)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("no %q in the answer:\n%s", w, got)
				}
			}
			for _, m := range tc.miss {
				if strings.Contains(got, m) {
					t.Errorf("%q in the answer:\n%s", m, got)
				}
			}
			want := strings.TrimSuffix(f, ".json") + ".want"
			if *update {
				os.WriteFile(want, []byte(got), 0o644)
			}
			if w, err := os.ReadFile(want); err != nil || string(w) != got {
				t.Errorf("got:\n%s\nwant (%v):\n%s", got, err, w)
			}
		})
	}
}
