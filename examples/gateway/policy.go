package main

import (
	"context"
	"log/slog"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/examples/guard/guardpolicy"
	"github.com/agenthooks/hooks/policy"
)

// The policy is the one of examples/guard (package guardpolicy): its five
// rules deny recursive deletes of anything not scratch, git commands that
// discard uncommitted work or rewrite shared history, writes of .env
// files, commands it cannot check, and inline code that deletes files or
// runs programs; with the policy files of this machine (managed and
// user) and of the event's project when its working directory exists
// here (package policy). The files are read through a policy.Cache: a
// changed file is read again on the next request, without holding up the
// others, and a broken change keeps the last good version, logged once.

// handlers is the gateway's Handlers. fail is its policy when it cannot
// decide; logger receives the policy files' warnings.
func handlers(fail hooks.FailPolicy, logger *slog.Logger) hooks.Handlers {
	files := &policy.Cache{Stderr: logWriter{logger}}
	h := guardpolicy.WithPolicy(files.Load, logWriter{logger})
	h.Fail = fail
	return h
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
