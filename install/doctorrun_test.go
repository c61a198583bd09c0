package install

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/install/internal/hookrun"
)

func TestCheckAnswers(t *testing.T) {
	for _, tc := range []struct {
		host, event, stdout, stderr string
		exit                        int
		failClosed                  bool
		want                        Level
	}{
		{"claude", "PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, "", 0, false, OK},
		{"claude", "PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PostToolUse"}}`, "", 0, false, Fail},
		{"claude", "PreToolUse", `{"hookSpecificOutput":{"permissionDecision":"deny"}}`, "", 0, false, Fail},
		{"claude", "Stop", "", "reason", 2, false, OK},
		{"claude", "Stop", "", "", 2, false, Warn},
		{"claude", "Stop", "", "oops", 1, false, Fail},
		{"claude", "PreToolUse", "debug", "", 0, false, Warn},
		{"claude", "UserPromptSubmit", "some context", "", 0, false, OK},
		{"gemini", "BeforeTool", `{"decision":"deny","reason":"no"}`, "", 0, false, OK},
		{"gemini", "BeforeTool", "{\"decision\":\"deny\"}\nlog line", "", 0, false, Fail},
		{"gemini", "BeforeTool", "", "boom", 1, false, Fail},
		{"gemini", "BeforeTool", "", "no", 2, false, OK},
		{"gemini", "BeforeTool", "text", "", 0, false, Warn},
		{"cursor", "preToolUse", "", "", 0, true, Fail},
		{"cursor", "preToolUse", "", "", 0, false, OK},
		{"cursor", "postToolUse", "", "", 0, true, OK},
		{"cursor", "preToolUse", `{"permission":"deny"}`, "", 2, false, Warn},
		{"cursor", "preToolUse", `not json`, "", 0, false, Fail},
		{"cursor", "stop", "", "", 3, true, Fail},
		// Well formed, but the host's answer reader says it discards them.
		{"droid", "SessionStart", "", "no", 2, false, Fail},
		{"codex", "PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, "", 0, false, Fail},
	} {
		h, _ := lookupHost(builtin.Adapters(), hooksHost(tc.host))
		l, msg := checkAnswer(h, tc.event, hookrun.Result{Exit: tc.exit, Stdout: []byte(tc.stdout), Stderr: []byte(tc.stderr)}, tc.failClosed)
		if l != tc.want {
			t.Errorf("%s %s %q exit %d: %s (%s), want %s", tc.host, tc.event, tc.stdout, tc.exit, l, msg, tc.want)
		}
	}
	h, _ := lookupHost(builtin.Adapters(), "claude")
	if l, _ := checkAnswer(h, "Stop", hookrun.Result{TimedOut: true}, false); l != Fail {
		t.Error("a timeout is not a failure")
	}
	if l, _ := checkAnswer(h, "Stop", hookrun.Result{Exit: 127, Stderr: []byte("sh: 1: /x: not found")}, false); l != Fail {
		t.Error("exit 127 is not a failure")
	}
}

func hooksHost(s string) hooks.Host { return hooks.Host(s) }
