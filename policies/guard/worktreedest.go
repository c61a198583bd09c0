package guard

import "github.com/agenthooks/hooks/shell"

// worktreeDest returns the folder git worktree add c makes: the one
// package shell resolved its path to, after a cd of the same command
// (cd src && git worktree add ../wt2 sec makes wt2 in the project, not
// beside it: grep -r KEY "$ROOT/wt2" then printed the .env of sec,
// issue 38), when c writes one such folder; else dest, its path from
// the folder git runs in.
func worktreeDest(c *shell.Command, dir, dest string) string {
	found := ""
	for i := range c.Effects {
		e := &c.Effects[i]
		if e.Kind != shell.Writes || e.Path.Dynamic || e.From != nil {
			continue
		}
		if found != "" {
			return dest // in one of two folders (a cd that may have failed)
		}
		found = joinPath(dir, e.Path.Value)
	}
	if found == "" || lastName(found) != lastName(dest) {
		return dest
	}
	return found
}
