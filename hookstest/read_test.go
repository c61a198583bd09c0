package hookstest

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
)

// responses is a spread of answers a policy gives.
func responses() map[string]hooks.Response {
	return map[string]hooks.Response{
		"none":       {},
		"deny":       hooks.Deny("policy says no"),
		"deny empty": hooks.Deny(""),
		"allow":      hooks.Allow(),
		"ask":        hooks.Ask("please confirm"),
		"context":    hooks.AddContext("remember the style guide"),
		"halt":       hooks.Halt("stop everything"),
		"deny+ctx":   hooks.Deny("no").WithContext("more context"),
		"user":       hooks.Response{UserMessage: "shown to the user"}.WithSystemMessage("also shown"),
		"rewrite":    hooks.Rewrite(&hooks.ShellInput{Command: "echo safe"}),
	}
}

// TestReadersAgreeWithAdapters answers every scenario on every host with
// every response, and checks that the host (as the kit's reader sees the
// native answer) does what hooks.Fit says the adapter delivers: a fitted
// deny is a deny with its reason, an allow an allow, context reaches the
// model, a halt stops the agent; and that no answer is one the host would
// discard. The readers share no code with the serializers, so this is the
// test of the serializers against the hosts' documented reading.
func TestReadersAgreeWithAdapters(t *testing.T) {
	for _, a := range builtin.Adapters() {
		for _, s := range scenarios() {
			cases, _, err := render(a, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cases {
				ev, err := a.Parse(c.JSON)
				if err != nil {
					t.Fatal(err)
				}
				for name, r := range responses() {
					if name == "rewrite" && hooks.ToolOf(ev).Kind() != hooks.KindShell {
						continue // the rewrite is a shell command
					}
					if a.Host() == "kimi" && c.Native == "UserPromptSubmit" && name == "deny+ctx" {
						// Kimi Code has one text for a blocked prompt (its
						// message, else the reason): the reason goes, the
						// context cannot (package kimi's doc).
						continue
					}
					h := hooks.Handlers{Any: func(context.Context, hooks.Event) (hooks.Response, error) { return r, nil }}
					res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: c.JSON})
					if res.Err != nil {
						t.Errorf("%s %s %s: %v", a.Host(), c.Native, name, res.Err)
						continue
					}
					got := read(a, c.Native, res.Output)
					if msg := agree(res.Response, got); msg != "" {
						t.Errorf("%s %s (%s), answer %q: %s\nfitted %+v\noutput %q exit %d stderr %q\nverdict %s",
							a.Host(), c.Native, s, name, msg, res.Response, res.Output.Stdout, res.Output.ExitCode, res.Output.Stderr, got)
					}
				}
			}
		}
	}
}

// agree compares a fitted response with the verdict read from its output.
func agree(r hooks.Response, v hostfacts.Reading) string {
	if v.Ignored != "" {
		return "the host discards the answer: " + v.Ignored
	}
	switch {
	case r.Decision == hooks.DecisionDeny && !(v.Decision == hooks.DecisionDeny):
		return "a deny is not read as a deny"
	case r.Decision == hooks.DecisionDeny && r.Reason != "" && !strings.Contains(v.Reason, r.Reason):
		return "the deny's reason does not reach the model"
	case r.Decision == hooks.DecisionDeny && r.Reason == "" && v.Reason != "" && !v.Placeholder && r.UserMessage == "":
		return "a deny without a reason is read with a reason that is not a known placeholder"
	case r.Decision == hooks.DecisionAllow && v.Decision != hooks.DecisionAllow && r.UpdatedInput == nil:
		return "an allow is not read as an allow"
	case r.Decision == hooks.DecisionAsk && v.Decision != hooks.DecisionAsk:
		return "an ask is not read as an ask"
	case r.Decision == hooks.NoDecision && v.Decision == hooks.DecisionAllow && r.UpdatedInput != nil:
		// A rewrite is an allow on the wire where the host needs one.
	case r.Decision == hooks.NoDecision && v.Decision != hooks.NoDecision && !r.Halt:
		return "no decision is read as " + v.Decision.String()
	case r.Context != "" && v.Context != r.Context && !v.Halt:
		// A halted agent has no model left to receive context.
		return "the context does not reach the model"
	case r.Context == "" && v.Context != "":
		return "context appears that the handler did not give"
	case r.UpdatedInput != nil && v.UpdatedInput == nil:
		return "the rewrite is not read"
	case r.Halt && !v.Halt && !(v.Decision == hooks.DecisionDeny):
		return "a halt neither stops the agent nor blocks the call"
	}
	return ""
}

// TestReadersFlagPlaceholders checks that a deny without a reason is seen
// as such on every host and event where a deny is honoured: the reason is
// empty or a known placeholder.
func TestReadersFlagPlaceholders(t *testing.T) {
	h := hooks.Handlers{Any: func(context.Context, hooks.Event) (hooks.Response, error) { return hooks.Deny(""), nil }}
	for _, a := range builtin.Adapters() {
		for _, s := range scenarios() {
			cases, _, _ := render(a, s)
			for _, c := range cases {
				res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: c.JSON})
				v := read(a, c.Native, res.Output)
				if (v.Decision == hooks.DecisionDeny) && v.Reason != "" && !v.Placeholder {
					t.Errorf("%s %s: deny without a reason read as reason %q, not a placeholder", a.Host(), c.Native, v.Reason)
				}
			}
		}
	}
}

// TestReaders checks the readers on answers the adapters never write but a
// host must be read correctly on: the faults that make a host drop a deny.
func TestReaders(t *testing.T) {
	out := func(stdout string, code int, stderr string) hooks.Output {
		return hooks.Output{Stdout: []byte(stdout), ExitCode: code, Stderr: stderr}
	}
	tests := []struct {
		host       hooks.Host
		native     string
		out        hooks.Output
		decision   hooks.Decision
		reason     string
		ignored    string // substring of Verdict.Ignored; "" means not ignored
		context    string
		halt       bool
		noteSubstr string
	}{
		// Claude Code.
		{host: "claude", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, 0, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "claude", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, 0, ""), ignored: "not the running event"},
		{host: "claude", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"permissionDecision":"deny"}}`, 0, ""), ignored: "no hookEventName"},
		{host: "claude", native: "PreToolUse", out: out(`{"decision":"block"}`, 0, ""), decision: hooks.DecisionDeny, reason: "Blocked by hook"},
		{host: "claude", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, 2, "stop it"), decision: hooks.DecisionDeny, reason: "stop it"},
		{host: "claude", native: "PreToolUse", out: out(`{"decision":"block","reason":"x"}`, 1, "oops"), ignored: "non-blocking"},
		{host: "claude", native: "SessionStart", out: out("", 2, "no"), ignored: "does not block"},
		{host: "claude", native: "UserPromptSubmit", out: out("plain words\n", 0, ""), context: "plain words"},
		{host: "claude", native: "PreToolUse", out: out("not json", 0, "")},
		{host: "claude", native: "PreToolUse", out: out(`{"continue":"no"}`, 0, ""), ignored: "schema"},
		{host: "claude", native: "Stop", out: out(`{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"go on"}}`, 0, ""), decision: hooks.DecisionDeny, reason: "go on"},
		{host: "claude", native: "UserPromptSubmit", out: out(`{"continue":false,"stopReason":"bye"}`, 0, ""), halt: true},
		// Cursor.
		{host: "cursor", native: "preToolUse", out: out(`{"permission":"deny","user_message":"no","agent_message":"no"}`, 0, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "cursor", native: "preToolUse", out: out(`{"permission":"deny","agent_message":"only here"}`, 0, ""), decision: hooks.DecisionDeny, noteSubstr: "agent_message"},
		{host: "cursor", native: "preToolUse", out: out(`{"permission":"ask","user_message":"sure?"}`, 0, ""), noteSubstr: "ask"},
		{host: "cursor", native: "beforeShellExecution", out: out("", 2, "reason on stderr"), decision: hooks.DecisionDeny, reason: "", noteSubstr: "provided no reason"},
		{host: "cursor", native: "stop", out: out(`{"followup_message":"go on"}`, 2, ""), ignored: "exits 2"},
		{host: "cursor", native: "stop", out: out(`{"followup_message":"go on"}`, 0, ""), decision: hooks.DecisionDeny, reason: "go on"},
		{host: "cursor", native: "preToolUse", out: out(`{"permission":"deny"}`+"\n"+`{}`, 0, ""), ignored: "one JSON"},
		{host: "cursor", native: "preToolUse", out: out(`{"additional_context":"x"}`, 0, ""), noteSubstr: "additional_context"},
		{host: "cursor", native: "postToolUse", out: out(`{"additional_context":"x"}`, 0, ""), context: "x"},
		{host: "cursor", native: "preToolUse", out: out(`{"permission":"deny"}`, 3, ""), ignored: "hook failure"},
		// Gemini CLI.
		{host: "gemini", native: "BeforeTool", out: out(`{"decision":"deny","reason":"no"}`, 0, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "gemini", native: "BeforeTool", out: out(`{"decision":"deny","reason":"no"}`+"\nlog line", 0, ""), ignored: "plain text"},
		{host: "gemini", native: "BeforeTool", out: out("log line", 0, ""), noteSubstr: "plain text"},
		{host: "gemini", native: "BeforeTool", out: out(`{"decision":"allow"}`, 2, "ignored"), decision: hooks.NoDecision},
		{host: "gemini", native: "BeforeTool", out: out("", 127, "not found"), decision: hooks.DecisionDeny, reason: "not found"},
		{host: "gemini", native: "BeforeTool", out: out("", 1, "warning"), ignored: "a warning"},
		{host: "gemini", native: "BeforeTool", out: out(`{"decision":"block"}`, 0, ""), decision: hooks.DecisionDeny, reason: "No reason provided"},
		{host: "gemini", native: "BeforeTool", out: out(`{"hookSpecificOutput":{"additionalContext":"x"}}`, 0, ""), noteSubstr: "additionalContext"},
		{host: "gemini", native: "SessionStart", out: out(`{"decision":"deny","reason":"no"}`, 0, ""), noteSubstr: "ignores a decision"},
		{host: "gemini", native: "AfterTool", out: out(`{"continue":false,"stopReason":"x"}`, 0, ""), halt: true},
		// Codex.
		{host: "codex", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, 0, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "codex", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"},"extra":1}`, 0, ""), ignored: `"extra"`},
		{host: "codex", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no","extra":1}}`, 0, ""), ignored: "hookSpecificOutput.extra"},
		{host: "codex", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":" "}}`, 0, ""), ignored: "empty"},
		{host: "codex", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, 0, ""), ignored: "unsupported"},
		{host: "codex", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}`, 0, ""), ignored: "unsupported"},
		{host: "codex", native: "PreToolUse", out: out(`{"continue":false}`, 0, ""), ignored: "unsupported"},
		{host: "codex", native: "Stop", out: out(`{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"x"}}`, 0, ""), ignored: "hookSpecificOutput"},
		{host: "codex", native: "Stop", out: out(`{"decision":"block","reason":"keep going"}`, 0, ""), decision: hooks.DecisionDeny, reason: "keep going"},
		{host: "codex", native: "PreToolUse", out: out("", 2, ""), ignored: "without a reason"},
		{host: "codex", native: "PreToolUse", out: out("", 2, "no"), decision: hooks.DecisionDeny, reason: "no"},
		{host: "codex", native: "PreToolUse", out: out("", 1, "no"), ignored: "failed hook"},
		{host: "codex", native: "UserPromptSubmit", out: out("plain", 0, ""), context: "plain"},
		{host: "codex", native: "PermissionRequest", out: out(`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`, 0, ""), decision: hooks.DecisionAllow},
		// Copilot CLI.
		{host: "copilot", native: "preToolUse", out: out(`{"permissionDecision":"deny","permissionDecisionReason":"no"}`, 0, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "copilot", native: "preToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, 0, ""), noteSubstr: "ignores hookSpecificOutput"},
		{host: "copilot", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, 0, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "copilot", native: "PreToolUse", out: out(`{"decision":"block","reason":"no"}`, 0, ""), noteSubstr: "ignored on preToolUse"},
		{host: "copilot", native: "preToolUse", out: out(`{"permissionDecision":"Deny","permissionDecisionReason":"no"}`, 0, ""), noteSubstr: "lowercase"},
		{host: "copilot", native: "preToolUse", out: out("", 2, "the reason"), decision: hooks.DecisionDeny, reason: "hook exited with code 2", noteSubstr: "stderr is dropped"},
		{host: "copilot", native: "preToolUse", out: out("", 1, ""), decision: hooks.DecisionDeny, reason: "hook errored"},
		{host: "copilot", native: "preToolUse", out: out(`{"permissionDecision":"deny","permissionDecisionReason":"no"}`+"\nlog line", 0, ""), ignored: "not exactly one JSON"},
		{host: "copilot", native: "preToolUse", out: out(`{"modifiedArgs":{"command":"ls"}}`, 0, "")},
		{host: "copilot", native: "permissionRequest", out: out("not json", 0, ""), decision: hooks.DecisionDeny, noteSubstr: "denies"},
		{host: "copilot", native: "permissionRequest", out: out(`{"behavior":"deny","message":"no","interrupt":true}`, 0, ""), decision: hooks.DecisionDeny, reason: "no", halt: true},
		{host: "copilot", native: "agentStop", out: out("", 2, "go on"), ignored: "session goes on"},
		{host: "copilot", native: "PostToolUse", out: out(`{"additionalContext":"x"}`, 0, ""), context: "x"},
		{host: "copilot", native: "PostToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"x"}}`, 0, ""), noteSubstr: "ignored"},
		// Qwen Code.
		{host: "qwen", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, 0, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "qwen", native: "PreToolUse", out: out(`{"decision":"block","reason":"no"}`, 0, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "qwen", native: "PreToolUse", out: out("", 2, ""), ignored: "nothing on stderr"},
		{host: "qwen", native: "PreToolUse", out: out("", 2, "the reason"), decision: hooks.DecisionDeny, reason: "the reason"},
		{host: "qwen", native: "PreToolUse", out: out(`{"decision":"deny","reason":"no"}`, 2, ""), ignored: "nothing on stderr"},
		{host: "qwen", native: "PreToolUse", out: out("", 2, `{"decision":"allow"}`), decision: hooks.NoDecision, noteSubstr: "allow changes nothing"},
		{host: "qwen", native: "PreToolUse", out: out(`{"decision":"deny","reason":"no"}`, 1, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "qwen", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"permissionDecision":"DENY"}}`, 0, ""), noteSubstr: "lowercase"},
		{host: "qwen", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"ls"}}}`, 0, ""), noteSubstr: "updatedInput is ignored"},
		{host: "qwen", native: "Stop", out: out(`{"continue":false,"stopReason":"more"}`, 0, ""), decision: hooks.DecisionDeny, reason: "more", noteSubstr: "continues the agent"},
		{host: "qwen", native: "UserPromptSubmit", out: out("plain", 0, ""), context: "plain"},
		{host: "qwen", native: "PostToolUse", out: out(`{"decision":"block","reason":"no"}`, 0, ""), noteSubstr: "changes nothing"},
		// Droid.
		{host: "droid", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, 0, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "droid", native: "PreToolUse", out: out(`{"decision":"block","reason":"no"}`, 0, ""), noteSubstr: "ignored on PreToolUse"},
		{host: "droid", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}`, 0, ""), noteSubstr: "the tool runs"},
		{host: "droid", native: "PreToolUse", out: out("", 2, ""), decision: hooks.DecisionDeny, reason: "Tool execution blocked by hook"},
		{host: "droid", native: "PreToolUse", out: out("", 3, "x"), halt: true, noteSubstr: "aborts"},
		{host: "droid", native: "PreToolUse", out: out(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, 1, ""), decision: hooks.DecisionDeny, reason: "no"},
		{host: "droid", native: "PreToolUse", out: out(`{"continue":false,"stopReason":"bye"}`, 0, ""), halt: true},
		{host: "droid", native: "Stop", out: out(`{"decision":"block","reason":"go on"}`, 0, ""), decision: hooks.DecisionDeny, reason: "go on"},
		{host: "droid", native: "PreToolUse", out: out("deny", 0, ""), ignored: "not one JSON"},
	}
	for _, tt := range tests {
		v := read(adapterOf(t, tt.host), tt.native, tt.out)
		name := string(tt.host) + " " + tt.native + " " + string(tt.out.Stdout)
		if tt.ignored != "" {
			if !strings.Contains(v.Ignored, tt.ignored) {
				t.Errorf("%s: Ignored = %q, want it to contain %q", name, v.Ignored, tt.ignored)
			}
			if v.Decision != hooks.NoDecision || v.Context != "" {
				t.Errorf("%s: an ignored answer has a verdict: %s", name, v)
			}
			continue
		}
		if v.Ignored != "" {
			t.Errorf("%s: ignored: %s", name, v.Ignored)
		}
		if v.Decision != tt.decision || (tt.reason != "" && v.Reason != tt.reason) || v.Context != tt.context || v.Halt != tt.halt {
			t.Errorf("%s: got %s (halt %v), want %s %q context %q halt %v", name, v, v.Halt, tt.decision, tt.reason, tt.context, tt.halt)
		}
		if tt.noteSubstr != "" && !strings.Contains(strings.Join(v.Notes, "; "), tt.noteSubstr) {
			t.Errorf("%s: notes %q, want one about %q", name, v.Notes, tt.noteSubstr)
		}
	}
}

// TestReadClaudeSkillShell reads answers on PreSkillShellCommand as Claude
// Code 2.1.332 does: deny, ask and an updatedInput keep the line from
// running; allow adds nothing.
func TestReadClaudeSkillShell(t *testing.T) {
	for out, want := range map[string]hooks.Decision{
		`{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"deny","permissionDecisionReason":"no"}}`: hooks.DecisionDeny,
		`{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"ask"}}`:                                  hooks.DecisionDeny,
		`{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","updatedInput":{"command":"echo safe"}}}`:                      hooks.DecisionDeny,
		`{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"allow"}}`:                                hooks.NoDecision,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`:                                           hooks.NoDecision,
	} {
		if v := read(adapterOf(t, "claude"), "PreSkillShellCommand", hooks.Output{Stdout: []byte(out)}); v.Decision != want {
			t.Errorf("%s: %q, want %q (%+v)", out, v.Decision, want, v)
		}
	}
	if v := read(adapterOf(t, "claude"), "PreSkillShellCommand", hooks.Output{ExitCode: 2, Stderr: "no"}); v.Decision != hooks.DecisionDeny {
		t.Errorf("exit 2: %+v", v)
	}
}

// adapterOf returns the built-in adapter of host.
func adapterOf(t *testing.T, host hooks.Host) hooks.Adapter {
	t.Helper()
	for _, a := range builtin.Adapters() {
		if a.Host() == host {
			return a
		}
	}
	t.Fatalf("no adapter for %s", host)
	return nil
}
