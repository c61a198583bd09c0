package main

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/examples/guard/guardpolicy"
)

// The policy is the one of examples/guard (package guardpolicy): its five
// rules deny recursive deletes of anything not scratch, git commands that
// discard uncommitted work or rewrite shared history, writes of .env
// files, commands it cannot check, and inline code that deletes files or
// runs programs.

// policy is the gateway's Handlers. fail is its policy when it cannot
// decide; timeout bounds each decision.
func policy(fail hooks.FailPolicy) hooks.Handlers {
	h := guardpolicy.Handlers()
	h.Fail = fail
	return h
}
