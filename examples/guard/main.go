// Command guard is an example hook: it denies a shell command that runs
// rm with recursive and force options in any spelling the shell accepts,
// wherever it sits (nested in bash -c or eval, wrapped in sudo or env, in
// a command substitution, …); a shell command it cannot check (one that
// does not parse or runs a command known only at run time); and a write,
// edit, patch or delete of a .env file by any tool, the shell included.
// It has no opinion on anything else. README.md states the rules exactly,
// and what the guard cannot see.
//
// Try it on a payload of any host:
//
//	go run ./examples/guard --host codex < payload.json
package main

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/examples/guard/guardpolicy"
	"github.com/agenthooks/hooks/hookmain"
)

func main() {
	hookmain.Run(policy())
}

// policy is the guard's Handlers, shared by main and the tests.
func policy() hooks.Handlers { return guardpolicy.Handlers() }
