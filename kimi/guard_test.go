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
	cases := []struct {
		name, tool, args string
		want             string
		inputErr         bool
	}{
		{"case variant ignored", ToolBash, `{"command":"rm -rf keepdir","Command":"echo safe"}`, "rm -rf keepdir", false},
		{"upper case only", ToolBash, `{"COMMAND":"echo safe"}`, "", true},
		{"duplicate: last wins", ToolBash, `{"command":"echo safe","command":"rm -rf keepdir"}`, "rm -rf keepdir", false},
		{"command a number", ToolBash, `{"command":5}`, "", true},
		{"input an array", ToolBash, `["rm -rf /"]`, "", true},
		{"Claude's file_path is not Kimi's path", ToolWrite, `{"file_path":"/p/.env","content":"x"}`, "", true},
		{"write path duplicate", ToolWrite, `{"path":"/p/ok","content":"x","path":"/p/.env"}`, "/p/.env", false},
		{"write content mistyped", ToolWrite, `{"path":"/p/.env","content":5}`, "/p/.env", true},
		{"edit new_string mistyped", ToolEdit, `{"path":"/p/a","old_string":"a","new_string":1}`, "/p/a", true},
		{"read path mistyped", ToolRead, `{"path":{"p":"/p/.env"}}`, "", true},
		{"other tool", "Glob", `{"pattern":5}`, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ev, err := New().Parse([]byte(`{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/p","client_type":"kimi_code_cli","tool_name":"` + c.tool + `","tool_input":` + c.args + `}`))
			if err != nil {
				t.Fatalf("parse failed (the event must still reach the handler): %v", err)
			}
			tool := hooks.ToolOf(ev)
			if (tool.InputErr != nil) != c.inputErr {
				t.Errorf("InputErr = %v, want error %v", tool.InputErr, c.inputErr)
			}
			var got string
			switch in := tool.Input.(type) {
			case *hooks.ShellInput:
				got = in.Command
			case *hooks.WriteInput:
				got = in.Path
			case *hooks.EditInput:
				got = in.Path
			case *hooks.ReadInput:
				got = in.Path
			}
			if got != c.want {
				t.Errorf("typed input shows %q, want %q", got, c.want)
			}
		})
	}
}

// TestMatrixParses: Parse takes an event's kind from the capability
// matrix (claudewire.Event).
func TestMatrixParses(t *testing.T) { hosttest.MatrixParses(t, New(), ToolBash) }
