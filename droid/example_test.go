package droid_test

import (
	"context"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/droid"
)

// Droid's ask would let the tool run in droid exec: an Ask is sent as the
// handler's AskFallback (deny unless set otherwise), with a warning.
func Example() {
	a := droid.New()
	payload := []byte(`{"session_id":"s1","transcript_path":"/home/dev/.factory/sessions/-home-dev-project/s1.jsonl",` +
		`"cwd":"/home/dev/project","permission_mode":"auto-low","hook_event_name":"PreToolUse",` +
		`"tool_name":"Execute","tool_input":{"summary":"clean up","command":"rm -rf victim_dir"}}`)
	h := hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		fmt.Println(ev.Tool.Name, ev.Tool.Kind(), ev.Tool.Input.(*hooks.ShellInput).Command)
		return hooks.Ask("rm -rf needs a human"), nil
	}}
	res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: payload})
	fmt.Print(string(res.Output.Stdout))
	fmt.Println(res.Output.ExitCode, res.Warnings[0])
	// Output:
	// Execute shell rm -rf victim_dir
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf needs a human"}}
	// 0 hooks: droid does not honour ask on PreToolUse: sent as deny
}
