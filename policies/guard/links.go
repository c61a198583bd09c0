package guard

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// A recursive delete goes where the kernel takes its path: through a
// symbolic link on the way (not the last element, which rm removes as a
// link), into the folder the link points to. ln -s ~/p/src /tmp/l && rm
// -rf /tmp/l/sub deletes ~/p/src/sub. So rule 1 judges a target through
// a link made by the command itself as one it cannot see, and a target
// through a link on disk (made by an earlier call) where the link takes
// it.

// linkedThrough returns a reason to deny the recursive delete of p (a
// static path as package shell resolves it) when a link on its way is
// made by the command (ln, link, cp -s or -l), and otherwise the path it
// really names when a link on disk is on its way ("" when none is, or
// the disk cannot be read).
func (at *place) linkedThrough(s *shell.Script, c *shell.Command, p shell.Word) (reason, real string, deny bool) {
	if p.Dynamic || s == nil {
		return "", "", false
	}
	for _, lw := range at.linkWrites(s) {
		e := lw.e
		if e.Path.Dynamic && strings.HasPrefix(p.Value, e.Path.Prefix()) || strings.HasPrefix(p.Value, strings.TrimSuffix(e.Path.Value, "/")+"/") {
			return "guard: rule 1 (no recursive delete of anything not scratch): " + by(c) + " deletes " + p.Value +
				" through " + e.Path.Value + ", which `" + clip(lw.by.String()) + "` makes a link that may take it anywhere; " +
				"delete the files you mean by their own path, or ask the user", "", true
		}
	}
	if at.dir == "" || !isAbs(at.dir) || at.cfg != nil && at.cfg.Away {
		return "", "", false
	}
	abs := joinPath(at.dir, p.Value)
	parts := strings.Split(strings.TrimPrefix(abs, "/"), "/")
	// The first element is the system's (/tmp is a link on macOS); the
	// last is what rm removes, a link or not.
	for i := 2; i < len(parts); i++ {
		anc := "/" + strings.Join(parts[:i], "/")
		fi, err := os.Lstat(filepath.FromSlash(anc))
		if err != nil {
			return "", "", false // not there: nothing to follow
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		to, err := filepath.EvalSymlinks(filepath.FromSlash(anc))
		if err != nil {
			return "", "", false
		}
		real = filepath.ToSlash(to) + "/" + strings.Join(parts[i:], "/")
		if root := cleanPath(at.root); root != "" {
			// A project reached through a link of its own (~/code a
			// link to /mnt/code): inside it, its own paths.
			if rr, err := filepath.EvalSymlinks(filepath.FromSlash(root)); err == nil {
				rr = filepath.ToSlash(rr)
				if rel := within(rr, real); rel != "" && rr != root {
					real = root + "/" + rel
				} else if real == rr {
					real = root
				}
			}
		}
		return "", real, false
	}
	return "", "", false
}

// by names c in a reason ("the command" when c is nil).
func by(c *shell.Command) string {
	if c == nil {
		return "the command"
	}
	return "`" + clip(c.String()) + "`"
}

// A linkWrite is a path a command of the script makes a link at.
type linkWrite struct {
	e  shell.Effect
	by *shell.Command
}

// linkWrites returns the paths the commands of s make links at, read
// once a script (a script of many deletes asks for each).
func (at *place) linkWrites(s *shell.Script) []linkWrite {
	if at.linkMemo != nil && at.linkMemo.s == s {
		return at.linkMemo.writes
	}
	var out []linkWrite
	for _, l := range s.Commands {
		if !l.MakesLinks() {
			continue
		}
		for _, e := range l.Effects {
			if e.Kind == shell.Writes {
				out = append(out, linkWrite{e, l})
			}
		}
	}
	at.linkMemo = &linkMemo{s: s, writes: out}
	return out
}

// linkMemo holds linkWrites' answer for one script.
type linkMemo struct {
	s      *shell.Script
	writes []linkWrite
}
