package guard

import (
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// insideScratch reports whether p, a static path inside the project,
// lies inside a build directory of the lists (node_modules/.cache,
// target/debug/incremental): rule 1 lets such a delete through when the
// worktree's state does not decide (outside a git worktree), as it lets
// the whole directory through. A symbolic link on the way was followed
// before (judgeTree: linkedThrough), and a path that ends in a slash,
// which would follow a last link, is denied before; a guard away from
// the worktree, or one not told the folder the command runs in, cannot
// see the links on disk, and keeps to the lists.
func (at *place) insideScratch(p shell.Word) bool {
	if p.Dynamic || at.cfg != nil && at.cfg.Away || !isAbs(at.dir) {
		return false // no folder on disk (an event without a cwd): the links on the way cannot be read
	}
	abs := joinPath(at.dir, p.Value)
	rel := abs
	if isAbs(abs) {
		if at.root == "" {
			return false
		}
		if rel = within(cleanPath(at.root), abs); rel == "" {
			return false
		}
	}
	if rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
		return false
	}
	parts := strings.Split(rel, "/")
	for _, e := range parts {
		if strings.EqualFold(e, ".git") {
			return false
		}
	}
	for _, e := range parts[:len(parts)-1] {
		if slices.Contains(scratchNames, e) || at.cfg != nil && slices.Contains(at.cfg.Scratch, e) {
			return true
		}
	}
	return false
}
