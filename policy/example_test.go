package policy_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/policy"
)

// A team's own hook reads the managed, user and project policy files in
// front of its own handlers, in one line of its main.go:
//
//	hookmain.Run(policy.Front(policy.Load, myHandlers, os.Stderr))
//
// Here the loader is fixed to one project file, so that the example runs
// anywhere; a real hook passes policy.Load.
func ExampleFront() {
	dir, _ := os.MkdirTemp("", "policy")
	defer os.RemoveAll(dir)
	file := dir + "/policy.toml"
	os.WriteFile(file, []byte(`version = 1
[[rule]]
name = "no-npm-publish"
command = "npm publish"
decision = "deny"
reason = "publishing is done by CI"
`), 0o644)
	load := func(cwd string) (*policy.Set, error) { return policy.LoadFiles([3]string{"", "", file}) }

	own := hooks.Handlers{
		PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
			if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.HasPrefix(sh.Command, "npm ") {
				return hooks.Allow(), nil // the team's own handler allows npm …
			}
			return hooks.Response{}, nil
		},
	}
	h := policy.Front(load, own, os.Stderr)

	for _, cmd := range []string{"npm test", "cd web && sudo npm publish"} {
		ev := &hooks.PreToolUseEvent{Base: hooks.Base{Host: "claude", Cwd: "/home/dev/project"},
			Tool: hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}}}
		r, _ := h.PreToolUse(context.Background(), ev)
		fmt.Println(strings.TrimSpace(cmd + ": " + r.Decision.String() + " " + r.Reason))
	}
	// The team's allow does not lift the file's deny.

	// Output:
	// npm test: allow
	// cd web && sudo npm publish: deny policy: rule no-npm-publish: publishing is done by CI
}
