package main

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/examples/guard/guardpolicy"
)

// The policy is the one of examples/guard (package guardpolicy): deny
// shell commands that run `rm -rf`, and writes, edits and patches of files
// named .env.

// policy is the gateway's Handlers. fail is its policy when it cannot
// decide; timeout bounds each decision.
func policy(fail hooks.FailPolicy) hooks.Handlers {
	h := guardpolicy.Handlers()
	h.Fail = fail
	return h
}
