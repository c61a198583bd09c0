package kimi_test

import (
	"context"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
)

// Without --host, a Kimi Code payload is told apart by its client_type,
// and the deny is the hookSpecificOutput form Kimi reads (Copilot CLI's
// top-level form would let the command run).
func Example() {
	payload := []byte(`{"hook_event_name":"PreToolUse","session_id":"session_1","cwd":"/home/dev/project",` +
		`"client_type":"kimi_code_cli","tool_name":"Bash","tool_input":{"command":"rm -rf victim_dir"},"tool_call_id":"call_1"}`)
	a, err := hooks.Detect(builtin.Adapters(), payload)
	if err != nil {
		panic(err)
	}
	h := hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		fmt.Println(ev.Tool.Name, ev.Tool.ID, ev.Tool.Input.(*hooks.ShellInput).Command)
		return hooks.Deny("no rm -rf"), nil
	}}
	res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: payload})
	fmt.Println(a.Host())
	fmt.Print(string(res.Output.Stdout))
	// Output:
	// Bash call_1 rm -rf victim_dir
	// kimi
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}
}
