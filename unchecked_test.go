package hooks_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
)

// notInTime is a policy's Unchecked: the deny of a call it could not
// judge.
func notInTime(_ hooks.Event, err error) hooks.Response {
	return hooks.Deny("cannot check this in time: " + err.Error())
}

// claudeCmd is a Claude Code PreToolUse of a shell command.
func claudeCmd(cmd string) string {
	return strings.Replace(claudeBash, `"rm -rf build"`, fmt.Sprintf("%q", cmd), 1)
}

// SECURITY.md: a tool call over the payload cap is the model's doing: it
// reaches the handler with Tool.InputErr (wrapping ErrTooLarge), read
// from the members before the cap, and a guard denies it; measured
// before: the fail policy answered (no opinion under fail-open). Any
// other event over the cap still gets the fail policy.
func TestOversizeToolCallIsInputErr(t *testing.T) {
	huge := claudeCmd(strings.Repeat("a", 10<<20) + "; rm -rf /")
	prompt := `{"session_id":"s","transcript_path":"/home/dev/t.jsonl","cwd":"/home/dev/project","hook_event_name":"UserPromptSubmit","prompt":"` + strings.Repeat("p", 10<<20) + `"}`
	for _, tc := range []struct {
		name    string
		payload string
		stdin   func(string) io.Reader
		want    string
		stderr  string
	}{
		{"PreToolUse on a pipe", huge, func(s string) io.Reader { return struct{ io.Reader }{strings.NewReader(s)} },
			`"permissionDecision":"deny","permissionDecisionReason":"unreadable: payload too large: more than 8388608 bytes: the Bash call's payload is past the hook's size cap`, ""},
		{"PreToolUse of a declared length", huge, func(s string) io.Reader { return strings.NewReader(s) },
			`"permissionDecision":"deny","permissionDecisionReason":"unreadable: payload too large`, ""},
		{"PreToolUse cut after its input", claudeCmd("rm -rf build") + strings.Repeat(" ", 9<<20), func(s string) io.Reader { return strings.NewReader(s) },
			`"permissionDecision":"deny","permissionDecisionReason":"unreadable: payload too large`, ""},
		{"UserPromptSubmit", prompt, func(s string) io.Reader { return strings.NewReader(s) }, "", "hooks: fail-open: payload too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen error
			h := hooks.Handlers{
				PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
					seen = ev.Tool.InputErr
					return denyUnreadable(ctx, ev)
				},
				UserPromptSubmit: func(context.Context, *hooks.UserPromptSubmitEvent) (hooks.Response, error) {
					return hooks.Deny("the handler ran"), nil
				},
			}
			srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: h, Inline: true}
			var stdout, stderr bytes.Buffer
			code := srv.Serve(context.Background(), hooks.Request{Host: "claude"}, tc.stdin(tc.payload), &stdout, &stderr)
			if code != 0 || !strings.Contains(stdout.String(), tc.want) || tc.want == "" && stdout.Len() > 0 {
				t.Errorf("exit %d stdout %.300q; want %q", code, stdout.String(), tc.want)
			}
			if tc.want != "" && !errors.Is(seen, hooks.ErrTooLarge) {
				t.Errorf("Tool.InputErr = %v; want ErrTooLarge", seen)
			}
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr %q; want %q", stderr.String(), tc.stderr)
			}
		})
	}
}

// SECURITY.md: a tool call the handler could not judge by its deadline
// (a command too costly to check) or that a transport refused for its
// load (an error wrapping ErrOverload) gets Handlers.Unchecked's answer,
// not the fail policy: the model controls size and cost. Unset, or for
// an event that judges no tool call, the fail policy answers as before;
// a panic in Unchecked gets the fail policy.
func TestUnchecked(t *testing.T) {
	slow := func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		time.Sleep(300 * time.Millisecond) // ignores its context
		return hooks.Response{}, nil
	}
	overload := fmt.Errorf("gateway busy: %w", hooks.ErrOverload)
	for _, tc := range []struct {
		name      string
		h         hooks.Handlers
		inline    bool
		req       hooks.Request
		payload   string
		wantOut   string
		wantNote  string
		wantNoOut bool
	}{
		{"late, inline", hooks.Handlers{PreToolUse: slow, Unchecked: notInTime, Timeout: 50 * time.Millisecond}, true, hooks.Request{Host: "claude"}, claudeBash,
			`"permissionDecision":"deny","permissionDecisionReason":"cannot check this in time: handler did not answer in time`, "answered by Handlers.Unchecked", false},
		{"late, on a goroutine", hooks.Handlers{PreToolUse: slow, Unchecked: notInTime, Timeout: 50 * time.Millisecond}, false, hooks.Request{Host: "claude"}, claudeBash,
			`"permissionDecision":"deny","permissionDecisionReason":"cannot check this in time: handler did not answer in time`, "answered by Handlers.Unchecked", false},
		{"overload", hooks.Handlers{PreToolUse: denyRm, Unchecked: notInTime}, true, hooks.Request{Host: "claude", Err: overload}, claudeCmd("ls"),
			`"permissionDecision":"deny","permissionDecisionReason":"cannot check this in time: gateway busy: overloaded`, "answered by Handlers.Unchecked", false},
		{"late, Unchecked unset: fail policy", hooks.Handlers{PreToolUse: slow, Timeout: 50 * time.Millisecond}, true, hooks.Request{Host: "claude"}, claudeBash,
			"", "hooks: fail-open: handler did not answer in time", true},
		{"overload of a prompt: fail policy", hooks.Handlers{Unchecked: notInTime, Fail: hooks.FailClosed}, true, hooks.Request{Host: "claude", Err: overload},
			`{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"UserPromptSubmit","prompt":"hi"}`, `"decision":"block"`, "", false},
		{"Unchecked panics: fail policy", hooks.Handlers{PreToolUse: slow, Timeout: 50 * time.Millisecond, Unchecked: func(hooks.Event, error) hooks.Response { panic("boom") }},
			true, hooks.Request{Host: "claude"}, claudeBash, "", "hooks: fail-open: Handlers.Unchecked: panic: boom", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: tc.h, Inline: tc.inline}
			var stdout, stderr bytes.Buffer
			srv.Serve(context.Background(), tc.req, strings.NewReader(tc.payload), &stdout, &stderr)
			if !strings.Contains(stdout.String(), tc.wantOut) || tc.wantNoOut && stdout.Len() > 0 {
				t.Errorf("stdout %q; want %q", stdout.String(), tc.wantOut)
			}
			if !strings.Contains(stderr.String(), tc.wantNote) || strings.Count(stderr.String(), "\n") > 1 {
				t.Errorf("stderr %q; want one line with %q", stderr.String(), tc.wantNote)
			}
		})
	}
}

// Handlers.Unchecked's answer is the policy's: the record (the decision
// log's line) has its deny as decision and reason, and no fail reason.
func TestUncheckedRecord(t *testing.T) {
	slow := func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		<-ctx.Done()
		return hooks.Response{}, ctx.Err()
	}
	r, _, out := serveRecord(t, hooks.Handlers{PreToolUse: slow, Unchecked: notInTime, Timeout: 20 * time.Millisecond}, hooks.Request{Host: "claude"}, claudeBash)
	if r.Fail != "" || r.Decision != hooks.DecisionDeny || r.Sent != "deny" || !strings.HasPrefix(r.Reason, "cannot check this in time") || !strings.Contains(out, `"deny"`) {
		t.Errorf("record fail %q decision %v sent %q reason %q, stdout %q", r.Fail, r.Decision, r.Sent, r.Reason, out)
	}
}
