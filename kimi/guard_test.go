package kimi

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/hosttest"
)

// TestGuardSeesTricks: the tricks of issue 12 (a case variant of the
// command key, a duplicate key, wrong-typed side fields, an escaped key)
// reach a guard's handler with the command Kimi runs, and the guard's deny
// is the form Kimi reads, under the default fail-open policy.
func TestGuardSeesTricks(t *testing.T) {
	guard := hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
			return hooks.Deny("no rm -rf"), nil
		}
		return hooks.Response{}, nil
	}}
	for _, args := range []string{
		`{"command":"rm -rf keepdir","description":"x","Command":"echo safe"}`,
		`{"command":"echo safe","command":"rm -rf keepdir"}`,
		`{"command":"rm -rf keepdir","DESCRIPTION":5,"description":5,"cwd":[],"timeout":"x"}`,
		`{"\u0063ommand":"rm -rf keepdir"}`,
	} {
		res := (&hooks.Server{Handlers: guard}).Answer(context.Background(), hooks.Request{Adapter: New(),
			Payload: []byte(`{"hook_event_name":"PreToolUse","session_id":"s1","cwd":"/p","client_type":"kimi_code_cli","tool_name":"Bash","tool_input":` + args + `}`)})
		out := string(res.Output.Stdout)
		if res.Err != nil || !strings.Contains(out, `"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"`) ||
			!strings.Contains(out, "no rm -rf") || strings.HasPrefix(out, `{"permissionDecision"`) {
			t.Errorf("%s: %q exit %d, err %v", args, out, res.Output.ExitCode, res.Err)
		}
	}
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
