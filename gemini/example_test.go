package gemini_test

import (
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/gemini"
)

func ExampleAdapter_Parse() {
	payload := []byte(`{"session_id":"s1","transcript_path":"/home/dev/.gemini/tmp/project/chats/session-1.jsonl",` +
		`"cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-01-15T10:00:00.000Z",` +
		`"tool_name":"run_shell_command","tool_input":{"command":"rm -rf build","description":"clean"}}`)
	ev, err := gemini.New().Parse(payload)
	if err != nil {
		fmt.Println(err)
		return
	}
	pre := ev.(*hooks.PreToolUseEvent)
	shell := pre.Tool.Input.(*hooks.ShellInput)
	fmt.Println(pre.Name(), pre.NativeEvent, pre.Tool.Name, pre.Tool.Kind())
	fmt.Println(shell.Command)
	// Output:
	// PreToolUse BeforeTool run_shell_command shell
	// rm -rf build
}

// Gemini replaces a tool's input with the one a hook returns, so a rewrite
// is written as the complete input: the description survives.
func ExampleAdapter_Serialize() {
	a := gemini.New()
	ev, _ := a.Parse([]byte(`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command",` +
		`"tool_input":{"command":"rm -rf build","description":"clean"}}`))

	out, _ := a.Serialize(ev, hooks.Rewrite(&hooks.ShellInput{Command: "rm -rf ./build"}))
	fmt.Print(string(out.Stdout))
	out, _ = a.Serialize(ev, hooks.Deny("not here"))
	fmt.Print(string(out.Stdout), out.ExitCode, "\n")
	// Output:
	// {"decision":"allow","hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"rm -rf ./build","description":"clean"}}}
	// {"decision":"deny","reason":"not here"}
	// 0
}
