package claude_test

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
)

// TestClassifierContext: the native answer is written on PostToolUse
// beside the other fields, refused past Claude Code's budget of 2000
// UTF-16 code units (an astral character counts two) or empty, and not
// taken on another event.
func TestClassifierContext(t *testing.T) {
	a := claude.New()
	post, err := a.Parse([]byte(`{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_response":{"stdout":"x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	pre, err := a.Parse([]byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		ev   hooks.Event
		r    hooks.Response
		want string // stdout, or a part of the error
		err  bool
	}{
		{"with context", post, hooks.AddContext("ctx").WithNative(claude.ClassifierContext("the user asked")),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"ctx","classifierContext":"the user asked"}}` + "\n", false},
		{"at the budget", post, hooks.Response{}.WithNative(claude.ClassifierContext(strings.Repeat("a", 1998) + "😀")),
			`"classifierContext":"` + strings.Repeat("a", 1998) + "😀" + `"`, false},
		{"past the budget", post, hooks.Response{}.WithNative(claude.ClassifierContext(strings.Repeat("a", 1999) + "😀")),
			"2001 UTF-16 code units", true},
		{"empty", post, hooks.Response{}.WithNative(claude.ClassifierContext("")), "empty", true},
		{"PreToolUse", pre, hooks.Response{}.WithNative(claude.ClassifierContext("x")), "classifierContext", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _, _, err := hooks.Serialize(a, tc.ev, tc.r, hooks.FitOptions{})
			if tc.err {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("err %v, want one naming %q (out %q)", err, tc.want, out.Stdout)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := string(out.Stdout); !strings.Contains(got, tc.want) {
				t.Errorf("stdout %s, want %s", got, tc.want)
			}
		})
	}
}
