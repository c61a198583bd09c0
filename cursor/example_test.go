package cursor_test

import (
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/cursor"
)

func ExampleAdapter_Parse() {
	a := cursor.New()
	payload := []byte(`{"conversation_id":"c1","generation_id":"g1","model":"default",
		"tool_name":"Shell","tool_input":{"command":"rm -rf /","cwd":"","timeout":30000},
		"tool_use_id":"u1","cwd":"","session_id":"c1","hook_event_name":"preToolUse",
		"cursor_version":"3.9.16","workspace_roots":["/home/dev/project"],"transcript_path":null}`)
	ev, err := a.Parse(payload)
	if err != nil {
		panic(err)
	}
	pre := ev.(*hooks.PreToolUseEvent)
	shell := pre.Tool.Input.(*hooks.ShellInput)
	fmt.Println(ev.Name(), pre.Tool.Name, pre.Tool.Kind(), shell.Command, shell.Timeout, ev.Common().Cwd)

	out, err := a.Serialize(ev, hooks.Deny("destructive command"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("exit %d: %s", out.ExitCode, out.Stdout)
	// Output:
	// PreToolUse Shell shell rm -rf / 30s /home/dev/project
	// exit 0: {"permission":"deny","user_message":"destructive command","agent_message":"destructive command"}
}

func ExampleRecommendedEvents() {
	for _, r := range cursor.RecommendedEvents() {
		if r.Unified == hooks.PreToolUse {
			fmt.Printf("%s %q\n", r.Event, r.Matcher)
		}
	}
	// Output:
	// beforeShellExecution ""
	// beforeMCPExecution ""
	// beforeReadFile ""
	// preToolUse "^(?!(Shell|Read)$|MCP:)"
}
