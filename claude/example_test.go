package claude_test

import (
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
)

func ExampleAdapter_Parse() {
	payload := `{"session_id":"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d","cwd":"/home/dev/project",` +
		`"hook_event_name":"PreToolUse","tool_name":"Bash",` +
		`"tool_input":{"command":"rm -rf build","timeout":30000},"tool_use_id":"toolu_1"}`
	a := claude.New()
	ev, err := a.Parse([]byte(payload))
	if err != nil {
		panic(err)
	}
	pre := ev.(*hooks.PreToolUseEvent)
	sh := pre.Tool.Input.(*hooks.ShellInput)
	fmt.Println(pre.Tool.Name, pre.Tool.Kind(), sh.Command, sh.Timeout)

	if strings.Contains(sh.Command, "rm -rf") {
		out, _ := a.Serialize(ev, hooks.Deny("no recursive deletes"))
		fmt.Print(string(out.Stdout))
	}
	// Output:
	// Bash shell rm -rf build 30s
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no recursive deletes"}}
}

func ExampleAdapter_Serialize_stop() {
	a := claude.New()
	ev, _ := a.Parse([]byte(`{"hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"done"}`))
	out, _ := a.Serialize(ev, hooks.Deny("run the tests first"))
	fmt.Print(string(out.Stdout))
	// Output:
	// {"decision":"block","reason":"run the tests first"}
}

// A host-only answer: context for Claude Code's auto-mode permission
// classifier beside a tool call's result.
func ExampleClassifierContext() {
	a := claude.New()
	ev, _ := a.Parse([]byte(`{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"make deploy"},"tool_response":{"stdout":"ok"}}`))
	r := hooks.Response{}.WithNative(claude.ClassifierContext("The user asked for this deploy in the ticket they linked."))
	out, _ := a.Serialize(ev, r)
	fmt.Print(string(out.Stdout))
	// Output:
	// {"hookSpecificOutput":{"hookEventName":"PostToolUse","classifierContext":"The user asked for this deploy in the ticket they linked."}}
}
