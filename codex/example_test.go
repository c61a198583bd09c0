package codex_test

import (
	"context"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/writes"
)

func ExampleAdapter_Parse() {
	payload := []byte(`{"session_id":"019a3f2c-1b2d-7c4e-9f00-5a6b7c8d9e0f","turn_id":"019a3f2c-1b40-7d11-8a22-334455667788","transcript_path":null,"cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Update File: src/app.go\n*** Move to: src/main.go\n@@\n-a\n+b\n*** Delete File: .env\n*** End Patch\n"},"tool_use_id":"call_1"}`)
	ev, err := codex.New().Parse(payload)
	if err != nil {
		panic(err)
	}
	pre := ev.(*hooks.PreToolUseEvent)
	fmt.Println(pre.Tool.Name, pre.Tool.Kind(), writes.Paths(&pre.Tool))
	// Output: apply_patch patch [src/app.go src/main.go .env]
}

func ExampleAdapter_Serialize() {
	a := codex.New()
	payload := []byte(`{"session_id":"s","turn_id":"t","transcript_path":null,"cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"cat .env"},"tool_use_id":"call_1"}`)
	h := hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Deny("reading .env is not allowed"), nil
	}}
	res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: payload})
	fmt.Print(string(res.Output.Stdout))
	// Output: {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"reading .env is not allowed"}}
}

func ExamplePatchFromShell() {
	cmd := "cd web && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: ../.env\n+TOKEN=x\n*** End Patch\nEOF\n"
	p, ok := codex.PatchFromShell(cmd)
	fmt.Println(ok, p.Files[0].Op, p.Files[0].Path)
	// Output: true add .env
}

func ExampleParsePatch() {
	files, err := codex.ParsePatch("*** Begin Patch\n*** Update File: a.txt\nnot a hunk line\n*** Add File: /etc/cron.d/x\n+* * * * * root true\n*** End Patch")
	fmt.Println(err)
	for _, f := range files {
		fmt.Println(f.Op, f.Path)
	}
	// Output:
	// codex: invalid patch: line 3: unexpected line in hunk: "not a hunk line" (lines start with ' ', '+' or '-')
	// update a.txt
	// add /etc/cron.d/x
}
