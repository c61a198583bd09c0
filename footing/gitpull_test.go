package footing_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestGitPull: git pull merges what it fetches, and is judged as git
// merge of the revisions the repository knows for it; a fetch before a
// merge, a rebase or a pull in the same call moves only remote-tracking
// branches, and a stash push only the worktree. The branch "drop"
// removes the hook's settings; "same" is HEAD; origin is the project
// itself, fetched, its URL then other (a clone whose same dropped the
// hook), or a network one when the row says so (fetching it fails
// here, so such rows change nothing under bash). Each row is run under real
// bash in a fresh fixture.
func TestGitPull(t *testing.T) {
	for _, c := range []struct {
		network  bool   // origin's URL set to one on the network
		upstream string // the branch's upstream
		cmd      string
		deny     bool
	}{
		{false, "origin/same", `git pull . drop`, true}, // bash: a fast-forward that deletes the hook's settings
		{false, "origin/same", `git pull --no-rebase . drop`, true},
		{false, "origin/same", `git pull --rebase . drop`, true},
		{false, "origin/same", `git -c pull.rebase=true pull . drop`, true},
		{false, "origin/same", `git pull --ff-only . +drop:tmp`, true},
		{false, "origin/same", `git pull . same`, false},
		{false, "origin/same", `git pull ../other`, true}, // a clone that dropped the hook
		{false, "origin/same", `git pull ../other same`, true},
		{false, "origin/same", `git pull origin same`, true}, // origin is on this disk: bash pulls other's same
		{false, "origin/drop", `git pull`, true},
		{true, "origin/drop", `git pull`, true}, // judged by origin/drop as the repository knows it
		{true, "origin/drop", `git pull --quiet`, true},
		{true, "origin/same", `git pull`, false},
		{true, "origin/same", `git pull origin same`, false},
		{true, "origin/same", `git pull -X theirs origin drop`, true},
		{true, "origin/same", `git pull origin nothing-here`, false}, // git fails: no such branch
		{false, "", `git pull . same`, false},
		{true, "", `git pull`, false},      // no upstream: git refuses
		{false, "same", `git pull`, false}, // a local branch as upstream
		{false, "drop", `git pull`, true},
		// A fetch from the network before: judged by what the
		// repository knows; from this disk, or into a branch, or with
		// FETCH_HEAD, moved.
		{true, "origin/same", `git fetch origin && git rebase origin/same`, false},
		{true, "origin/same", `git fetch && git pull --rebase`, false},
		{true, "origin/same", `git fetch --all --prune && git merge origin/same`, false},
		{true, "origin/same", `git fetch origin && git rebase origin/drop`, true},
		{true, "origin/same", `git fetch origin same && git merge FETCH_HEAD`, true},
		{true, "origin/same", `git fetch origin drop:x && git merge x`, true},
		{true, "origin/same", `git remote set-url origin ../other && git fetch && git merge origin/same`, true},
		{false, "origin/same", `git fetch origin && git rebase origin/same`, true}, // origin on this disk
		{false, "origin/same", `git fetch . drop && git merge FETCH_HEAD`, true},   // bash: the hook's settings deleted
		{false, "origin/same", `git fetch . drop:x && git reset --hard x`, true},
		{false, "origin/same", `git remote add o2 ../other && git fetch o2 && git merge o2/same`, true},
		// A stash push before a merge moves no commit.
		{true, "origin/same", `git stash && git pull && git stash pop`, false},
		{false, "origin/same", `git stash && git merge same && git stash pop`, false},
		{false, "origin/same", `git stash && git merge drop`, true},
		{false, "origin/same", `git stash && git reset --hard drop`, true},
	} {
		f := newFixture(t)
		f.git(t, "branch", "same")
		f.git(t, "remote", "add", "origin", f.proj)
		f.git(t, "fetch", "-q", "origin")
		if c.upstream != "" {
			f.git(t, "branch", "-q", "-u", c.upstream)
		}
		other := filepath.Join(f.root, "other")
		f.git(t, "clone", "-q", f.proj, other)
		f.git(t, "-C", other, "rm", "-q", ".claude/settings.json")
		f.git(t, "-C", other, "commit", "-qm", "drop the hook")
		f.git(t, "-C", other, "branch", "-f", "same")
		f.git(t, "-C", other, "branch", "-f", "drop", "origin/drop")
		url := other // what a fetch from origin brings now: same without the hook
		if c.network {
			url = "https://example.invalid/x.git"
		}
		f.git(t, "remote", "set-url", "origin", url)
		s := f.set(f.proj)
		r, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s (network %v, upstream %q): deny %v (%q), want %v", c.cmd, c.network, c.upstream, deny, r, c.deny)
		}
		if testing.Short() || c.network && c.deny {
			continue // a network fetch fails here: the harm is not shown
		}
		f.checkBash(t, c.cmd, c.deny)
	}
}
