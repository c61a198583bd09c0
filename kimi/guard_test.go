package kimi

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestGuardSeesTricks: the tricks of issue 12 (a case variant of the
// command key, a duplicate key, wrong-typed side fields, an escaped key)
// reach a guard's handler with the command Kimi runs, and the guard's deny
// is the form Kimi reads, under the default fail-open policy.
func TestGuardSeesTricks(t *testing.T) {
	hosttest.GuardSeesTricks(t, New(), func(args string) string {
		return `{"hook_event_name":"PreToolUse","session_id":"s1","cwd":"/p","client_type":"kimi_code_cli","tool_name":"Bash","tool_input":` + args + `}`
	}, `"cwd":[],"timeout":"x"`, func(out string) bool {
		return strings.Contains(out, `"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"`) &&
			!strings.HasPrefix(out, `{"permissionDecision"`)
	})
}

// TestNoOpinionIsSilent: Kimi adds whatever a UserPromptSubmit hook
// prints, "{}" included, to the conversation: no opinion and a dropped
// field must print nothing, on every event.
func TestNoOpinionIsSilent(t *testing.T) {
	a := New()
	for _, native := range []string{EventUserPromptSubmit, EventPreToolUse, EventStop, EventSessionStart, EventPostToolUse} {
		ev, err := a.Parse(a.SamplePayload(native, "/home/dev/project"))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []hooks.Response{{}, hooks.Allow(), {SystemMessage: "s"}} {
			out, _, _, err := hooks.Serialize(a, ev, r, hooks.FitOptions{})
			if err != nil || len(out.Stdout) != 0 || out.ExitCode != 0 {
				t.Errorf("%s %+v: %q exit %d, %v", native, r, out.Stdout, out.ExitCode, err)
			}
		}
	}
}

// TestToolArgumentTricks: the typed input shows what Kimi's tool receives
// (exact keys, the last of two equal keys), and what cannot be read is in
// InputErr, never a failed parse.
func TestToolArgumentTricks(t *testing.T) {
	cases := []hosttest.ArgTrick{
		{Name: "case variant ignored", Tool: ToolBash, Args: `{"command":"rm -rf keepdir","Command":"echo safe"}`, Want: "rm -rf keepdir"},
		{Name: "upper case only", Tool: ToolBash, Args: `{"COMMAND":"echo safe"}`, Want: "", InputErr: true},
		{Name: "duplicate: last wins", Tool: ToolBash, Args: `{"command":"echo safe","command":"rm -rf keepdir"}`, Want: "rm -rf keepdir"},
		{Name: "command a number", Tool: ToolBash, Args: `{"command":5}`, Want: "", InputErr: true},
		{Name: "input an array", Tool: ToolBash, Args: `["rm -rf /"]`, Want: "", InputErr: true},
		{Name: "Claude's file_path is not Kimi's path", Tool: ToolWrite, Args: `{"file_path":"/p/.env","content":"x"}`, Want: "", InputErr: true},
		{Name: "write path duplicate", Tool: ToolWrite, Args: `{"path":"/p/ok","content":"x","path":"/p/.env"}`, Want: "/p/.env"},
		{Name: "write content mistyped", Tool: ToolWrite, Args: `{"path":"/p/.env","content":5}`, Want: "/p/.env", InputErr: true},
		{Name: "edit new_string mistyped", Tool: ToolEdit, Args: `{"path":"/p/a","old_string":"a","new_string":1}`, Want: "/p/a", InputErr: true},
		{Name: "read path mistyped", Tool: ToolRead, Args: `{"path":{"p":"/p/.env"}}`, Want: "", InputErr: true},
		{Name: "other tool", Tool: "Glob", Args: `{"pattern":5}`, Want: ""},
	}
	hosttest.ArgTricks(t, New(), func(tool, args string) string {
		return `{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/p","client_type":"kimi_code_cli","tool_name":"` + tool + `","tool_input":` + args + `}`
	}, cases)
}

// TestMatrixParses: Parse takes an event's kind from the capability
// matrix (claudewire.Event).
func TestMatrixParses(t *testing.T) { hosttest.MatrixParses(t, New(), ToolBash) }
