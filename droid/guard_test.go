package droid

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/hosttest"
)

// TestGuardSeesTricks: the tricks of issue 12 (a case variant of the
// command key, a duplicate key, wrong-typed side fields) reach a guard's
// handler with the command the host runs, and the guard's deny is what
// the host receives, under the default fail-open policy.
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
		`{"command":"rm -rf keepdir","DESCRIPTION":5,"description":5,"summary":5}`,
		`{"\u0063ommand":"rm -rf keepdir"}`,
	} {
		res := (&hooks.Server{Handlers: guard}).Answer(context.Background(), hooks.Request{Adapter: New(), Payload: []byte(`{"session_id":"s1","cwd":"/p","permission_mode":"auto-low","hook_event_name":"PreToolUse","tool_name":"Execute","tool_input":` + args + `}`)})
		if res.Err != nil || !strings.Contains(string(res.Output.Stdout), `permissionDecision":"deny"`) || !strings.Contains(string(res.Output.Stdout), "no rm -rf") {
			t.Errorf("%s: %q exit %d, err %v", args, res.Output.Stdout, res.Output.ExitCode, res.Err)
		}
	}
}

// TestMatrixParses: Parse takes an event's kind from the capability
// matrix (claudewire.Event).
func TestMatrixParses(t *testing.T) { hosttest.MatrixParses(t, New(), ToolExecute) }
