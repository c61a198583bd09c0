package guard

import (
	"testing"
)

// TestWorktreeAfterCd: the folder git worktree add makes is resolved from
// the folder a cd of the same command moved to (issue 38). With app/.env
// (KEY=1) committed only on branch sec, `cd src && git worktree add
// ../wt2 sec && grep -r KEY "$ROOT/wt2"` printed KEY=1 under bash, the
// guard taking the new worktree for one beside the project. The
// look-alikes check out a branch without the .env, or read no content.
func TestWorktreeAfterCd(t *testing.T) {
	root, _, _ := secBranchRepo(t)
	judgeTable(t, root, []judgeCase{
		{"cd src && git worktree add ../wt2 sec && grep -r KEY " + root + "/wt2", "guard: rule"},
		{"cd src && git worktree add ../wt2 sec && cat " + root + "/wt2/app/.e*", "guard: rule"},
		{"cd src && git worktree add -b x ../wt2 sec && grep -r KEY " + root + "/wt2", "guard: rule"},
		{"cd src && git worktree add ../wt2 sec && grep -r KEY ../wt2", "guard: rule"},
		{"cd src && git worktree add ../wt2 sec && cd .. && grep -r KEY wt2", "guard: rule"},
		// Look-alikes.
		{"cd src && git worktree add ../wt2 main && grep -r KEY " + root + "/wt2", ""},
		{"cd src && git worktree add ../wt2 sec && ls " + root + "/wt2", ""},
		{"cd src && git worktree add ../wt2 sec && grep -r TODO " + root + "/wt2", ""},
	})
}
