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
