package auggie

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// TestReadAnswer: how Auggie 0.36.0 takes an answer, case by case, from
// its hook executor (augment.mjs): the schema that discards a whole
// answer, the exit codes that fail open, and what reaches the model.
func TestReadAnswer(t *testing.T) {
	deny := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`
	for _, c := range []struct {
		name, native, stdout, stderr string
		exit                         int
		decision                     hooks.Decision
		reason, context, ignored     string
		updated                      string
	}{
		{name: "deny", native: "PreToolUse", stdout: deny, decision: hooks.DecisionDeny, reason: "no"},
		{name: "deny with context", native: "PreToolUse", stdout: `{"additionalContext":"c","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`,
			decision: hooks.DecisionDeny, reason: "c\nno"},
		{name: "continue false blocks", native: "PreToolUse", stdout: `{"continue":false,"stopReason":"x"}`, decision: hooks.DecisionDeny, reason: "Blocked by hook"},
		{name: "exit 2 blocks", native: "PreToolUse", stderr: "nope\n", exit: 2, decision: hooks.DecisionDeny, reason: "[hook:PreToolUse]: nope"},
		{name: "exit 2 overridden by continue", native: "PreToolUse", stdout: `{"continue":true}`, stderr: "nope", exit: 2},
		{name: "exit 2 on PostToolUse is context", native: "PostToolUse", stderr: "look", exit: 2, context: "[hook:PostToolUse]: look"},
		{name: "exit 1 fails open", native: "PreToolUse", stdout: deny, exit: 1, ignored: "exit code 1"},
		{name: "timeout or signal fails open", native: "PreToolUse", stdout: deny, exit: -1, ignored: "exit code -1"},
		{name: "null member discards the answer", native: "PreToolUse", stdout: `{"systemMessage":null,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, ignored: "systemMessage"},
		{name: "UserPromptSubmit name discards the answer", native: "PreToolUse", stdout: `{"continue":false,"hookSpecificOutput":{"hookEventName":"UserPromptSubmit"}}`, ignored: "hookEventName"},
		{name: "unknown decision discards the answer", native: "PreToolUse", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"block"}}`, ignored: "permissionDecision"},
		{name: "array updatedInput discards the answer", native: "PreToolUse", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","updatedInput":[1]}}`, ignored: "updatedInput"},
		{name: "two documents", native: "PreToolUse", stdout: deny + deny, ignored: "one JSON object"},
		{name: "not JSON", native: "PreToolUse", stdout: "deny", ignored: "one JSON object"},
		{name: "allow is no decision", native: "PreToolUse", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`},
		{name: "ask lets it run", native: "PreToolUse", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"?"}}`},
		{name: "rewrite", native: "PreToolUse", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls"}}}`, updated: `{"command":"ls"}`},
		{name: "context", native: "PostToolUse", stdout: `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"c"}}`, context: "c"},
		{name: "top-level context", native: "PostToolUse", stdout: `{"additionalContext":"t"}`, context: "t"},
		{name: "block reason is context", native: "PostToolUse", stdout: `{"hookSpecificOutput":{"hookEventName":"PostToolUse","decision":"block","reason":"r"}}`, context: "r"},
		{name: "stop block discarded", native: "Stop", stdout: `{"hookSpecificOutput":{"hookEventName":"Stop","decision":"block","reason":"go on"}}`, ignored: "discards"},
		{name: "prompt not waited for", native: "PromptSubmit", stderr: "secret", exit: 2, ignored: "does not wait"},
		{name: "no answer", native: "Stop"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := New().ReadAnswer(c.native, hooks.Output{Stdout: []byte(c.stdout), Stderr: c.stderr, ExitCode: c.exit})
			if v.Decision != c.decision || v.Reason != c.reason || v.Context != c.context || string(v.UpdatedInput) != c.updated {
				t.Errorf("reading %+v", v)
			}
			if (c.ignored == "") != (v.Ignored == "") || !strings.Contains(v.Ignored, c.ignored) {
				t.Errorf("ignored %q, want one saying %q", v.Ignored, c.ignored)
			}
		})
	}
}

// TestCheckAnswer: a doctor fails an answer Auggie would ignore.
func TestCheckAnswer(t *testing.T) {
	a := New()
	for out, want := range map[string]hostfacts.Verdict{
		`{}`: hostfacts.VerdictOK,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"x"}}`: hostfacts.VerdictOK,
		`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"x"}}`:                              hostfacts.VerdictFail,
		`{"continue":null}`: hostfacts.VerdictFail,
		`not json`:          hostfacts.VerdictFail,
	} {
		if v, msg := hostfacts.CheckAnswer(a, "PreToolUse", hooks.Output{Stdout: []byte(out)}, false); v != want {
			t.Errorf("%s: %v %s", out, v, msg)
		}
	}
	if v, _ := hostfacts.CheckAnswer(a, "PreToolUse", hooks.Output{ExitCode: 1}, false); v != hostfacts.VerdictFail {
		t.Errorf("exit 1: %v", v)
	}
}
