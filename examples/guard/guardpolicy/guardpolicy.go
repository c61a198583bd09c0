// Package guardpolicy is the policy of examples/guard, importable by the
// other examples (examples/gateway serves it over HTTP): deny any shell
// command that runs `rm -rf` (in any flag spelling), and any write, edit
// or patch whose target file is named .env; no opinion otherwise.
package guardpolicy

import (
	"context"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks"
)

// Handlers returns the guard's policy: PreToolUse and PermissionRequest
// deny a recursive forced rm and any write to a .env file.
func Handlers() hooks.Handlers {
	return hooks.Handlers{
		PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
			return Judge(&ev.Tool), nil
		},
		PermissionRequest: func(_ context.Context, ev *hooks.PermissionRequestEvent) (hooks.Response, error) {
			return Judge(&ev.Tool), nil
		},
	}
}

// Judge denies a dangerous tool call and has no opinion otherwise. A call
// whose input could not be read fully ([hooks.Tool.InputErr]: the command
// or path missing, of the wrong type, or ambiguous) is denied: what the
// host would run is not known.
func Judge(t *hooks.Tool) hooks.Response {
	if t.InputErr != nil {
		return hooks.Deny("guard: this " + t.Name + " call's input cannot be read safely (" + t.InputErr.Error() + "); denied, send a well-formed call")
	}
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
