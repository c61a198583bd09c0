package copilot_test

import (
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/copilot"
	"github.com/agenthooks/hooks/writes"
)

// A camelCase registration's payload does not say which event it is: the
// hook command passes it (--event preToolUse) and the adapter is bound to
// it. The answer is flat JSON, the only form both registration forms read.
func ExampleForEvent() {
	a := copilot.ForEvent("preToolUse")
	ev, err := a.Parse([]byte(`{"sessionId":"s1","timestamp":1796105543194,"cwd":"/home/dev/project",` +
		`"toolName":"create","toolArgs":{"path":"/home/dev/project/.env","file_text":"SECRET=1\n"}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	pre := ev.(*hooks.PreToolUseEvent)
	fmt.Println(pre.Name(), pre.NativeEvent, pre.Tool.Name, pre.Tool.Kind(), writes.Paths(&pre.Tool))

	out, _ := a.Serialize(ev, hooks.Deny("no .env files"))
	fmt.Print(string(out.Stdout))
	// Output:
	// PreToolUse preToolUse create write [/home/dev/project/.env]
	// {"permissionDecision":"deny","permissionDecisionReason":"no .env files"}
}

// Copilot replaces a tool's arguments with modifiedArgs: a rewrite is
// written whole, so the description Copilot requires survives.
func ExampleAdapter_Serialize() {
	a := copilot.New()
	ev, _ := a.Parse([]byte(`{"sessionId":"s1","timestamp":1796105543194,"cwd":"/home/dev/project",` +
		`"toolName":"bash","toolArgs":{"command":"rm -rf build","description":"clean"}}`))
	out, _ := a.Serialize(ev, hooks.Rewrite(&hooks.ShellInput{Command: "rm -rf ./build"}))
	fmt.Print(string(out.Stdout))
	// Output:
	// {"permissionDecision":"allow","modifiedArgs":{"command":"rm -rf ./build","description":"clean"}}
}
