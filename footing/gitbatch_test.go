package footing_test

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// batchRows are git commands judged against the repository's state,
// each run after two git commands that read only: with three git
// commands or more, the footing reads the state of all their revisions
// at once (git cat-file, git diff-tree, git rev-parse HEAD...REV). The
// verdicts are those git diff alone gives; run marks the rows checked
// under real bash.
var batchRows = []struct {
	cmd       string
	deny, run bool
}{
	{`git checkout -q HEAD~1`, true, true},
	{`git checkout -q drop`, true, true},
	{`git checkout -q drop~1`, false, true},
	{`git checkout -q no-such-branch`, false, true},
	{`git checkout -q drop~1; git checkout -q -`, true, false}, // the first moves HEAD: the second's state is not read before it runs
	{`git reset -q --hard HEAD~1`, true, true},
	{`git reset -q --hard drop~1`, false, true},
	{`git revert --no-edit HEAD`, true, true},
	{`git revert --no-edit HEAD~1`, false, false}, // the first commit added only the README
	{`git cherry-pick drop`, true, true},
	{`git merge -q drop`, true, true},
	{`git merge -q drop~1`, false, true},
	{`git merge -q drop; git merge -q drop~1`, true, true},
	{`git stash -q && git stash pop -q`, false, true},
	{`git restore --source=HEAD~1 --worktree .`, true, true},
	{`git checkout -q drop -- .claude`, false, true}, // overlay: the file drop lacks stays
	{`git checkout -q --no-overlay drop -- .claude`, true, true},
	{`git checkout -q HEAD~1 -- README.md`, false, true},
}

func TestBatchedGit(t *testing.T) {
	f := newFixture(t)
	for _, c := range batchRows {
		cmd := "git status -s >/dev/null; git log -1 --oneline >/dev/null; " + c.cmd
		s := f.set(f.proj)
		r, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", cmd, deny, r, c.deny)
		}
		if deny && !strings.Contains(r, "ask the user") {
			t.Errorf("%s: reason %q does not say what to do", cmd, r)
		}
	}
}

func TestBatchedGitUnderBash(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bash and git for each row")
	}
	for _, c := range batchRows {
		if c.run {
			newFixture(t).checkBash(t, "git status -s >/dev/null; git log -1 --oneline >/dev/null; "+c.cmd, c.deny)
		}
	}
}

// git revert of a root commit removes every file it holds (git has no
// parent to diff against, and took HEAD~N^ as unknown: allowed). Its
// files are read instead; alone and batched, and under bash.
func TestRevertRootCommit(t *testing.T) {
	f := newFixture(t)
	out, err := exec.Command("git", "-C", f.proj, "-c", "user.email=a@b", "-c", "user.name=a", "commit-tree", "HEAD^{tree}", "-m", "root").Output()
	if err != nil {
		t.Fatal(err)
	}
	hooked := strings.TrimSpace(string(out)) // a root commit holding the hook's files
	first, err := exec.Command("git", "-C", f.proj, "rev-list", "--max-parents=0", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	bare := strings.TrimSpace(string(first)) // the fixture's own root: the README alone
	for _, c := range []struct {
		cmd  string
		deny bool
	}{
		{"git revert --no-edit " + hooked, true},
		{"git status; git log -1; git revert --no-edit " + hooked, true},
		{"git revert --no-edit " + bare, false},
		{"git status; git log -1; git revert --no-edit " + bare, false},
	} {
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", c.cmd, deny, r, c.deny)
		}
	}
	if testing.Short() {
		return
	}
	for _, c := range []struct {
		rev  string
		deny bool
	}{{hooked, true}, {bare, false}} {
		g := newFixture(t)
		// The same commits in a fresh fixture: commit-tree is
		// deterministic for the same tree, author, time and message.
		cmd := exec.Command("git", "-C", g.proj, "-c", "user.email=a@b", "-c", "user.name=a", "commit-tree", "HEAD^{tree}", "-m", "root")
		cmd.Env = append(g.env, "GIT_AUTHOR_DATE=2020-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2020-01-01T00:00:00Z")
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		rev := strings.TrimSpace(string(out))
		if !c.deny {
			out, _ := exec.Command("git", "-C", g.proj, "rev-list", "--max-parents=0", "HEAD").Output()
			rev = strings.TrimSpace(string(out))
		}
		g.checkBash(t, "git -c user.email=a@b -c user.name=a revert --no-edit "+rev, c.deny)
	}
}
