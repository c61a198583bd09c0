// Command guard is an example hook: it denies any shell command that runs
// `rm -rf` (in any flag spelling), and any write, edit or patch whose
// target file is named .env. It has no opinion on anything else.
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
