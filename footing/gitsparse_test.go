package footing_test

import (
	"context"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestGitSparseAndDash: what changes how a later git command writes the
// worktree. Sparse checkout, set in an earlier call or in the same one
// (its configuration, or its patterns written into .git), leaves the
// hook's files out at the next checkout, reset or read-tree -u; "-" is
// the branch checked out before (the fixture's is drop, which removes
// the hook's settings). Each row is run under real bash in a fresh
// fixture.
func TestGitSparseAndDash(t *testing.T) {
	for _, c := range []struct {
		before string // run in an earlier call
		cmd    string
		deny   bool
	}{
		{"", "git config core.sparseCheckout true && echo /README.md > .git/info/sparse-checkout && git read-tree -mu HEAD", true}, // bash: every other file left out
		{"", "echo /README.md > .git/info/sparse-checkout && git -c core.sparseCheckout=true read-tree -mu HEAD", true},
		{"git config core.sparseCheckout true && echo /README.md > .git/info/sparse-checkout", "git read-tree -mu HEAD", true},
		{"git config core.sparseCheckout true && echo /README.md > .git/info/sparse-checkout", "git reset --hard", true},
		{"git config core.sparseCheckout true && echo /README.md > .git/info/sparse-checkout", "git checkout -q -b other", true}, // bash: even a new branch at HEAD applies the patterns
		{"git config core.sparseCheckout true && echo /README.md > .git/info/sparse-checkout", "git status", false},
		{"", "git config user.email dev@example.com && git checkout -q -b other", false},
		{"", "git read-tree -mu HEAD", false},
		{"", "git checkout -", true}, // bash: drop, without the hook's settings
		{"", "git switch -", true},
		{"", "git merge -", true},
		{"", "git checkout -- README.md", false},
		{"git checkout -q -b other && git checkout -q -", "git checkout -", false}, // the branch before is other, at HEAD
	} {
		f := newFixture(t)
		if c.before != "" {
			if out := f.bash(t, c.before); len(out) > 0 {
				t.Fatalf("%s: changed %q", c.before, out)
			}
		}
		s := f.set(f.proj)
		r, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s (after %q): deny %v (%q), want %v", c.cmd, c.before, deny, r, c.deny)
		}
		if !testing.Short() {
			f.checkBash(t, c.cmd, c.deny)
		}
	}
}
