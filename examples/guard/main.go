// Command guard is an example hook: it denies any shell command that runs
// `rm -rf` (in any flag spelling), and any write, edit or patch whose
// target file is named .env. It has no opinion on anything else.
//
// Try it on a payload of any host:
//
//	go run ./examples/guard --host codex < payload.json
package main

import (
	"context"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookmain"
)

func main() {
	hookmain.Run(policy())
}

// policy is the guard's Handlers, shared by main and the tests.
func policy() hooks.Handlers {
	return hooks.Handlers{
		PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
			return judge(&ev.Tool), nil
		},
		PermissionRequest: func(_ context.Context, ev *hooks.PermissionRequestEvent) (hooks.Response, error) {
			return judge(&ev.Tool), nil
		},
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
