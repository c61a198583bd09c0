// Package guardpolicy is the policy of examples/guard, importable by the
// other examples (examples/gateway serves it over HTTP). It denies:
//
//   - a shell command that runs rm with both a recursive and a force
//     option, in any spelling the shell accepts, wherever it sits in the
//     command (see package shell for what is followed);
//   - a shell command the guard cannot check: one that does not parse,
//     one that runs a command whose name is known only at run time, and
//     an rm whose options are not all known;
//   - a write, edit, patch or delete by any tool, the shell included, of
//     a .env file (see [IsEnvFile]), or of a file whose name is known only
//     at run time, and a link to a .env file.
//
// It has no opinion on anything else. The README of examples/guard states
// the rules and what the guard cannot see.
package guardpolicy

import (
	"context"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
)

// Handlers returns the guard's policy: PreToolUse and PermissionRequest
// are judged by [Judge].
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

// The reasons the guard gives; each starts with "guard:".
const (
	reasonRm  = "guard: `rm -rf` is not allowed; delete specific files instead"
	reasonEnv = "guard: %s is a .env file; secrets files must not be written by the agent"
)

// Judge denies a dangerous tool call and has no opinion otherwise. A call
// whose input could not be read fully ([hooks.Tool.InputErr]: the command
// or path missing, of the wrong type, or ambiguous) is denied: what the
// host would run is not known.
func Judge(t *hooks.Tool) hooks.Response {
	if t.InputErr != nil {
		return hooks.Deny("guard: this " + t.Name + " call's input cannot be read safely (" + t.InputErr.Error() + "); denied, send a well-formed call")
	}
	if sh, ok := t.Input.(*hooks.ShellInput); ok {
		if r, deny := judgeShell(sh.Command); deny {
			return hooks.Deny(r)
		}
	}
	ws, err := t.Writes("")
	if err != nil {
		return hooks.Deny("guard: the command does not parse, so it cannot be checked: " + err.Error())
	}
	for _, w := range ws {
		if w.Name == "" {
			return hooks.Deny(fmt.Sprintf("guard: cannot tell which file `%s` names until the command runs; name the file in the command", w.Path))
		}
		if IsEnvFile(w.Name) {
			return hooks.Deny(fmt.Sprintf(reasonEnv, w.Path))
		}
	}
	return hooks.Response{}
}

// judgeShell returns the reason to deny a shell command, if any.
func judgeShell(cmd string) (string, bool) {
	s, err := shell.Parse(cmd)
	if err != nil {
		return "guard: the command does not parse, so it cannot be checked: " + err.Error(), true
	}
	for _, c := range s.Commands {
		if c.Dynamic {
			return fmt.Sprintf("guard: `%s` runs a command known only at run time, so it cannot be checked; spell the command out", c), true
		}
		switch c.Name {
		case "find":
			for _, e := range c.Effects {
				if e.Kind == shell.Deletes {
					return fmt.Sprintf("guard: cannot tell which file `%s` deletes until it runs; name the files in the command", c), true
				}
			}
		case "rm":
			f := c.Flags(shell.Rm)
			recursive := f.Has("r", "R", "recursive")
			force := f.Has("f", "force") || never(f)
			if recursive && force {
				return reasonRm, true
			}
			if len(f.Unsure) > 0 {
				return fmt.Sprintf("guard: cannot tell the options of `%s`: `%s` may expand to one; put -- before the files", c, f.Unsure[0]), true
			}
		case "ln", "link", "cp":
			if c.Name == "cp" {
				if f := c.Flags(shell.Spec{Short: "ls", Long: []string{"link", "symbolic-link"}, Permute: true}); !f.Has("l", "s", "link", "symbolic-link") {
					continue
				}
			}
			for _, a := range c.Args[1:] {
				if name, ok := a.Name(); ok && IsEnvFile(name) {
					return fmt.Sprintf("guard: `%s` links to a .env file; secrets files must not be written by the agent", c), true
				}
			}
		}
	}
	return "", false
}

// never reports rm's --interactive=never (or no, none, or an
// abbreviation GNU accepts), which asks no question, as -f does.
func never(f shell.Flags) bool {
	v, ok := f.Value("interactive")
	if !ok || v.Dynamic {
		return false
	}
	w := v.Value
	return w == "no" || len(w) >= 2 && strings.HasPrefix("never", w) || len(w) >= 3 && strings.HasPrefix("none", w)
}

// IsEnvFile reports whether a file named name (a path's last element, as
// any host or shell writes it) is a .env file: ".env" or ".env.*",
// ignoring case, except ".env.example", ".env.sample" and
// ".env.template". Case is ignored because macOS and Windows file systems
// do; trailing dots and spaces, which Windows drops, and an NTFS stream
// suffix (".env:x") are ignored too.
func IsEnvFile(name string) bool {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		name = name[:i]
	}
	name = strings.ToLower(strings.TrimRight(name, ". "))
	switch name {
	case ".env":
		return true
	case ".env.example", ".env.sample", ".env.template":
		return false
	}
	return strings.HasPrefix(name, ".env.")
}
