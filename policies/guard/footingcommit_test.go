package guard

import (
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/footing"
)

// Whether a word of a command's git commands names a commit, taken from
// the footing's read of the call's revisions (hookmain judges the footing
// first, with the same reads), is what git rev-parse --verify
// WORD^{commit} says, or not known; and a command of git checkouts is
// judged the same with it as with git asked one question after the other.
func TestFootingCommitAgreesWithRevParse(t *testing.T) {
	withPatientGit(t)
	root, write, git := repo(t)
	write("README.md", "x\n")
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-qm", "first")
	first := revParse(t, root, "HEAD")
	write(".claude/settings.json", "{}\n")
	write("src/main.go", "package main\n")
	git("add", "-A")
	git("commit", "-qm", "second")
	git("tag", "v1")
	git("tag", "-a", "-m", "annotated", "v2")
	git("tag", "tree1", "HEAD^{tree}")
	git("tag", "-a", "-m", "of a tree", "tree2", "HEAD^{tree}")
	git("branch", "topic", first)
	git("tag", "root", first)
	blob := revParse(t, root, "HEAD:README.md")
	words := []string{"main", "v1", "v2", "tree1", "tree2", "topic", "root", first, first[:7], blob, "HEAD", "HEAD~0", "HEAD^",
		"nope", "src", "README.md", "main^{tree}", "v2^{}", "HEAD@{0}"}
	cmd := "git checkout " + strings.Join(words, "; git checkout ")
	ctx := footing.WithReads(context.Background())
	tool := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}}
	footingRule(ctx, root, tool)
	wt := newWorktree(ctx)
	told := 0
	for _, w := range words {
		isCommit, known := wt.footingCommit(root, w)
		if !known {
			continue
		}
		told++
		err := exec.Command("git", "-C", root, "rev-parse", "--verify", "--quiet", "--end-of-options", w+"^{commit}").Run()
		if want := err == nil; isCommit != want {
			t.Errorf("%s: the footing's read says commit %v, git rev-parse %v", w, isCommit, want)
		}
	}
	if told < len(words)/2 {
		t.Errorf("the footing's read told %d of %d words", told, len(words))
	}
	// The verdict: with the footing's answers as with git asked in turn.
	inTurn := newWorktree(context.Background())
	inTurn.git = func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		return runGit(ctx, dir, func(context.Context, string) string { return "" }, args...)
	}
	for _, c := range []string{cmd, "git checkout topic; git checkout v2; git checkout nope", "git checkout src; git checkout main; git checkout v1"} {
		ctx := footing.WithReads(context.Background())
		footingRule(ctx, root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c}})
		r, deny := judgeShell(ctx, c, &place{root: root, dir: root, src: c, wt: newWorktree(ctx)})
		wr, wdeny := judgeShell(context.Background(), c, &place{root: root, dir: root, src: c, wt: inTurn})
		if r != wr || deny != wdeny {
			t.Errorf("%s: with the footing's reads %v %q, in turn %v %q", c, deny, r, wdeny, wr)
		}
	}
}

func revParse(t *testing.T, dir, rev string) string {
	t.Helper()
	out, err := exec.Command("git", "-C", dir, "rev-parse", rev).Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

// A command of checkouts of branches, judged after the footing (as
// hookmain runs them), asks the worktree only which of its words are
// tracked paths: whether each is a commit is the footing's read, and no
// git status is read for a checkout that deletes no tree (rule 1 asked
// one for the first checkout).
func TestManyCheckoutsReadOnFooting(t *testing.T) {
	root, write, git := repo(t)
	write("README.md", "x\n")
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-qm", "first")
	var cmds []string
	for i := range 20 {
		b := "b" + strconv.Itoa(i)
		git("branch", b)
		cmds = append(cmds, "git checkout "+b)
	}
	cmd := strings.Join(cmds, "; ")
	ctx := footing.WithReads(context.Background())
	if r, deny := footingRule(ctx, root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}}); deny {
		t.Fatal(r)
	}
	wt := newWorktree(ctx)
	if r, deny := judgeShell(ctx, cmd, &place{root: root, dir: root, src: cmd, wt: wt}); deny {
		t.Fatalf("denied: %s", r)
	}
	// The top (githooks.Top's), then git ls-files, and the credential
	// files the checkouts write (rule 3, gitwrites.go: at most
	// maxHistoryReads questions): no cat-file, no git status.
	for k := range wt.asked {
		if !strings.Contains(k, "\x00ls-files\x00") && !strings.Contains(k, "\x00diff\x00--name-only\x00") {
			t.Errorf("asked git %q", strings.ReplaceAll(k, "\x00", " "))
		}
	}
	if len(wt.asked) > 1+maxHistoryReads {
		t.Errorf("%d questions after the footing's: %q", len(wt.asked), keys(wt.asked))
	}
}

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
