package main

import (
	"context"
	"log/slog"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/policies/guard"
	"github.com/agenthooks/hooks/policy"
)

// The policy is the one of examples/guard (package policies/guard): its
// rules deny recursive deletes of anything not scratch, git commands that
// discard uncommitted work or rewrite shared history, writes of .env
// files, commands it cannot check, inline code that deletes files or runs
// programs, and changes to the hook's own footing; with policy files
// (package policy) read through a policy.Cache: a changed file is read
// again on the next request, without holding up the others, and a broken
// change keeps the last good version, logged once.
//
// A central gateway (the default) judges calls away from the machines
// that make them: it reads the policy file of -policy (else this
// machine's managed and user files) and never a file or a worktree at the
// path a request names, which on this machine is not the developer's
// project (guard.WithPolicyAway). With -local (a gateway on the
// developer's own machine) it reads them as the hook does.

// handlers is the gateway's Handlers with the policy files of this
// machine, as a central gateway reads them. fail is its policy when it
// cannot decide; logger receives the policy files' warnings.
func handlers(fail hooks.FailPolicy, logger *slog.Logger) hooks.Handlers {
	h, _ := handlersFor(config{fail: fail}, logger)
	return h
}

// handlersFor is the gateway's Handlers for c, with c.judger deciding
// the policy's "judge" rules (nil: their judge_fail), and a function that
// returns the version of the policy in force.
func handlersFor(c config, logger *slog.Logger) (hooks.Handlers, func() string) {
	files := &policy.Cache{Stderr: logWriter{logger}}
	load := func(cwd string) (*policy.Set, error) {
		var set *policy.Set
		var err error
		switch {
		case c.policyFile != "":
			set, err = files.LoadFiles([3]string{c.policyFile, "", ""})
		case c.local:
			set, err = files.Load(cwd)
		default:
			set, err = files.LoadFiles([3]string{policy.ManagedPath(), policy.UserPath(), ""})
		}
		if set != nil {
			set.Judge = c.judger
		}
		return set, err
	}
	version := func() string {
		if c.local {
			return "per project (-local)"
		}
		set, err := load("")
		if err != nil {
			return "broken: " + err.Error()
		}
		return set.Version()
	}
	var h hooks.Handlers
	if c.local {
		h = guard.WithPolicy(load, logWriter{logger})
	} else {
		h = guard.WithPolicyAway(load, logWriter{logger})
	}
	h.Fail = c.fail
	return h, version
}

// logWriter writes each line it is given to a logger as a warning.
type logWriter struct{ l *slog.Logger }

// Write logs p, a line.
func (w logWriter) Write(p []byte) (int, error) {
	if w.l != nil {
		w.l.LogAttrs(context.Background(), slog.LevelWarn, strings.TrimSpace(string(p)))
	}
	return len(p), nil
}
