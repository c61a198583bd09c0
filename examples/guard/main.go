// Command guard is an example hook that protects outcomes, not
// spellings. It reads a shell command as bash would run it (package
// shell) and denies, on every host, a tool call that would:
//
//  1. delete a directory tree that is not scratch (a static path under
//     /tmp or /var/tmp, or a build directory such as node_modules or dist
//     inside the project), by any program;
//  2. discard uncommitted work or rewrite shared history with git (reset
//     --hard, checkout -- ., clean -f, push --force, …), wherever git sits;
//  3. write a .env file, by any tool or program not known to only read it;
//  4. run what it cannot see: a command known only at run time, a script
//     that does not parse or is past the parser's limits, a call whose
//     input cannot be read;
//  5. run inline code in another language that names a deleting or
//     process-running API or a protected path (a heuristic).
//
// A team changes it without rebuilding it through policy files (package
// policy: managed, user and project layers): more scratch directories and
// secrets files, and rules of its own. `guard policy check [FILE]`
// validates them, `guard policy explain < payload.json` says what decided.
//
// Each reason names the rule and what to do instead. It has no opinion on
// anything else. README.md states the rules exactly, and what the guard
// cannot see.
//
// Try it on a payload of any host:
//
//	go run ./examples/guard --host codex < payload.json
package main

import (
	"os"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/policies/guard"
	"github.com/agenthooks/hooks/policy"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "policy" {
		os.Exit(policyCommand(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	if len(os.Args) > 1 && os.Args[1] == "doctor" {
		doctorPolicy(os.Stdout)
	}
	hookmain.Run(handlers())
}

// handlers is the guard's Handlers with the policy files of the
// machine, the user and the project (package policy), shared by main and
// the tests.
func handlers() hooks.Handlers { return guard.WithPolicy(policy.Load, os.Stderr) }
