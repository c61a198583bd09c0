package guard

import (
	"os"
	"os/exec"
	"testing"
)

// TestStateMovedByGit: a git command that rewrites the worktree from
// elsewhere (the stash, a branch, a patch) before a recursive delete in
// the same command makes the state read before it runs stale, so the
// lists decide: git stash pop && rm -rf src lost the stash's work (the
// pop drops it) while the state said src held nothing git could not give
// back. Run under bash in a scratch repository, the stash is gone and the
// line it held is in no file.
func TestStateMovedByGit(t *testing.T) {
	root := project(t)
	cmd := exec.Command("git", "-C", root, "-c", "user.name=t", "-c", "user.email=t@example.com", "stash", "push", "-q", "--", "src")
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	const rule1 = "rule 1 (no recursive delete of anything not scratch)"
	judgeTable(t, root, []judgeCase{
		{`rm -rf src`, ""}, // clean now: its work is in the stash
		{`git stash pop && rm -rf src`, rule1},
		{`git stash apply -q; rm -rf src`, rule1},
		{`git merge -q release/1.2 && rm -rf src`, rule1},
		{`git stash show -p | git apply && rm -rf src`, rule1},
		{`git -c alias.p='stash pop' p && rm -rf src`, rule1},
		// Look-alikes: git commands that leave the files alone, and
		// deletes the lists allow whatever the state.
		{`git add -A && git commit -qm wip && rm -rf src`, ""},
		{`git fetch -q && rm -rf src`, ""},
		{`git pull -q && rm -rf node_modules`, ""},
		{`git checkout -q -b feat && rm -rf build`, ""},
		{`git stash pop && rm -rf node_modules/.cache`, ""},
	})
}

// TestRefMovedByGit: rule 2 asks the repository whether the word of git
// checkout WORD is a ref; another git command of the same call may delete
// or move that ref first (git tag -d src && git checkout src checked the
// directory src out over its changes, run under bash), so a word that
// names a path is then read as the path.
func TestRefMovedByGit(t *testing.T) {
	root := project(t)
	cmd := exec.Command("git", "-C", root, "tag", "src")
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	const rule2 = "rule 2 (no discarding uncommitted work or rewriting shared history)"
	judgeTable(t, root, []judgeCase{
		{`git checkout src`, ""}, // the tag: git prefers a ref
		{`git tag -d src && git checkout src`, rule2},
		{`git fetch -q; git checkout src`, rule2},
		// Look-alikes: a word that names no path, and git commands that
		// move no ref but the current branch.
		{`git tag v9 && git checkout v9`, ""},
		{`git fetch -q && git checkout release/1.2`, ""},
		{`git add -A && git commit -qm wip && git checkout src`, ""},
	})
}
