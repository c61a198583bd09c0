package main

import (
	"context"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks"
)

// The policy is the one of examples/guard, copied (a main package cannot be
// imported): deny shell commands that run `rm -rf`, and writes, edits and
// patches of files named .env.

// policy is the gateway's Handlers. fail is its policy when it cannot
// decide; timeout bounds each decision.
func policy(fail hooks.FailPolicy) hooks.Handlers {
	return hooks.Handlers{
		PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
			return judge(&ev.Tool), nil
		},
		PermissionRequest: func(_ context.Context, ev *hooks.PermissionRequestEvent) (hooks.Response, error) {
			return judge(&ev.Tool), nil
		},
		Fail: fail,
	}
}

// judge denies a dangerous tool call and has no opinion otherwise.
func judge(t *hooks.Tool) hooks.Response {
	if sh, ok := t.Input.(*hooks.ShellInput); ok && removesRecursively(sh.Command) {
		return hooks.Deny("guard: `rm -rf` is not allowed; delete specific files instead")
	}
	for _, p := range t.WritePaths() {
		if isEnvFile(p) {
			return hooks.Deny("guard: " + p + " is a .env file; secrets files must not be written by the agent")
		}
	}
	return hooks.Response{}
}

// removesRecursively reports whether a shell command runs rm with both a
// recursive and a force flag (-rf, -fr, -r -f, --recursive --force, …).
func removesRecursively(cmd string) bool {
	words := strings.FieldsFunc(cmd, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == ';' || r == '&' || r == '|' || r == '(' || r == ')'
	})
	for i, w := range words {
		if path.Base(w) != "rm" {
			continue
		}
		var rec, force bool
		for _, f := range words[i+1:] {
			if !strings.HasPrefix(f, "-") {
				continue
			}
			switch {
			case f == "--recursive":
				rec = true
			case f == "--force":
				force = true
			case !strings.HasPrefix(f, "--"):
				rec = rec || strings.ContainsAny(f, "rR")
				force = force || strings.Contains(f, "f")
			}
		}
		if rec && force {
			return true
		}
	}
	return false
}

// isEnvFile reports whether p names a file called .env.
func isEnvFile(p string) bool {
	return filepath.Base(strings.ReplaceAll(p, `\`, "/")) == ".env"
}
