package qwen_test

import (
	"context"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/qwen"
)

func ExampleAdapter_Parse() {
	payload := []byte(`{"session_id":"s1","transcript_path":"/home/dev/.qwen/projects/-home-dev-project/chats/s1.jsonl",` +
		`"cwd":"/home/dev/project","hook_event_name":"PreToolUse","timestamp":"2026-12-01T05:53:00.204Z",` +
		`"permission_mode":"yolo","tool_name":"run_shell_command",` +
		`"tool_input":{"command":"rm -rf victim_dir","description":"clean","is_background":false},"tool_use_id":"toolu_1"}`)
	ev, err := qwen.New().Parse(payload)
	if err != nil {
		fmt.Println(err)
		return
	}
	pre := ev.(*hooks.PreToolUseEvent)
	fmt.Println(pre.Name(), pre.Tool.Name, pre.Tool.Kind(), pre.Tool.Input.(*hooks.ShellInput).Command)
	// Output:
	// PreToolUse run_shell_command shell rm -rf victim_dir
}

// Qwen ignores updatedInput (the original call would run), so a rewrite is
// sent as a deny of the call, with a warning.
func ExampleAdapter_Serialize() {
	a := qwen.New()
	ev, _ := a.Parse([]byte(`{"hook_event_name":"PreToolUse","tool_name":"run_shell_command","tool_input":{"command":"rm -rf build"}}`))
	h := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Rewrite(&hooks.ShellInput{Command: "rm -rf ./build"}), nil
	}}
	res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: ev.Common().Raw})
	fmt.Print(string(res.Output.Stdout))
	fmt.Println(res.Warnings[0])
	// Output:
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"blocked: the hook needed to rewrite this call, which qwen cannot do on PreToolUse"}}
	// hooks: qwen does not honour updated_input on PreToolUse: sent as deny: the host cannot rewrite the input here
}
