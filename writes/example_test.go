package writes_test

import (
	"context"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/writes"
)

// Paths gives one list of target files for writes, edits and
// patches, so a path policy works the same on every host.
func ExamplePaths() {
	a := codex.New()
	ev, _ := a.Parse([]byte(`{"session_id":"01a2283a-24e9-7582-b172-a4f6f2251a6c","turn_id":"t","cwd":"/p","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Update File: app.env.example\n*** Move to: .env\n@@\n-A=\n+A=1\n*** Add File: notes.txt\n+hi\n*** End Patch\n"},"tool_use_id":"c"}`))
	fmt.Println(writes.Paths(hooks.ToolOf(ev)))
	// Output:
	// [app.env.example .env notes.txt]
}

// Of resolves every written path against the event's working
// directory, whether the host sent it absolute or relative or a shell
// command names it, so one rule such as "nothing under secrets/" holds on
// every host.
func ExampleOf() {
	a := codex.New()
	ev, err := a.Parse([]byte(`{"session_id":"s","turn_id":"t","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"cd secrets && cp ~/key.pem . && echo done > \"$LOG\""},"tool_use_id":"c"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	ws, err := writes.Of(context.Background(), hooks.ToolOf(ev), ev.Common().Cwd)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range ws {
		fmt.Printf("%s rel=%q dynamic=%v\n", w.Path, w.Rel, w.Dynamic)
	}
	// Output:
	// /home/dev/project/secrets rel="secrets" dynamic=false
	// /home/dev/project/secrets/key.pem rel="secrets/key.pem" dynamic=false
	// /home/dev/project/secrets/$LOG rel="" dynamic=true
}
