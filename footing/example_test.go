package footing_test

import (
	"context"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/footing"
)

// A hook's footing, and a tool call judged against it: the model may
// read the hook's settings, but not rewrite them. hookmain.Run does
// this before a program's handlers.
func ExampleSet_Judge() {
	s := footing.Of(footing.Env{
		Executable: "/home/dev/project/bin/guard", Cwd: "/home/dev/project", Home: "/home/dev",
		Getenv: func(string) string { return "" },
		Hosts:  func() []footing.Host { return footing.HostsOf(builtin.Adapters()) },
	})
	for _, cmd := range []string{"jq . .claude/settings.json", "sed -i s/guard/true/ .claude/settings.json", "bin/guard uninstall"} {
		_, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		fmt.Println(cmd, "→ denied:", deny)
	}
	// Output:
	// jq . .claude/settings.json → denied: false
	// sed -i s/guard/true/ .claude/settings.json → denied: true
	// bin/guard uninstall → denied: true
}
