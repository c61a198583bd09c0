package hosttest

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// GuardSeesTricks checks that the tricks of issue 12 (a case variant of
// the command key, a duplicate key, wrong-typed side fields, an escaped
// key) reach a guard's handler with the command the host runs, and that
// the guard's deny, with its reason, is what the host receives (denies
// reports whether stdout is the host's deny), under the default fail-open
// policy. payload renders a PreToolUse of the host's shell tool with the
// arguments args; sides are wrong-typed side fields of that tool
// (`"summary":5`).
func GuardSeesTricks(t *testing.T, a hooks.Adapter, payload func(args string) string, sides string, denies func(stdout string) bool) {
	t.Helper()
	guard := hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
			return hooks.Deny("no rm -rf"), nil
		}
		return hooks.Response{}, nil
	}}
	for _, args := range []string{
		`{"command":"rm -rf keepdir","description":"x","Command":"echo safe"}`,
		`{"command":"echo safe","command":"rm -rf keepdir"}`,
		`{"command":"rm -rf keepdir","DESCRIPTION":5,"description":5,` + sides + `}`,
		`{"\u0063ommand":"rm -rf keepdir"}`,
	} {
		res := (&hooks.Server{Handlers: guard}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: []byte(payload(args))})
		out := string(res.Output.Stdout)
		if res.Err != nil || !denies(out) || !strings.Contains(out, "no rm -rf") {
			t.Errorf("%s: %q exit %d, err %v", args, out, res.Output.ExitCode, res.Err)
		}
	}
}
