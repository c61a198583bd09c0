package footing

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// batchRepo makes a repository whose footing files differ between its
// branches and tags in each way git diff reports: content, a file added
// or removed, a folder removed, the mode, a file turned into a link, and
// a commit that changes no footing file.
func batchRepo(t *testing.T) (root string, paths []string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root = t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.email=a@b", "-c", "user.name=a", "-c", "init.defaultBranch=main"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	put := func(p, text string) {
		t.Helper()
		f := filepath.Join(root, p)
		os.MkdirAll(filepath.Dir(f), 0o755)
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q")
	put(".claude/settings.json", "{}\n")
	put(".github/hooks/a.json", "{}\n")
	put("README.md", "readme\n")
	git("add", "-A")
	git("commit", "-qm", "base")
	branch := func(name string, change func()) {
		git("checkout", "-q", "-b", name, "main")
		change()
		git("add", "-A")
		git("commit", "-qm", name, "--allow-empty")
		git("checkout", "-q", "main")
	}
	branch("content", func() { put(".claude/settings.json", `{"disableAllHooks": true}`+"\n") })
	branch("added", func() { put(".codex/hooks.json", "{}\n") })
	branch("gone", func() { os.RemoveAll(filepath.Join(root, ".github")) })
	branch("mode", func() { os.Chmod(filepath.Join(root, ".claude/settings.json"), 0o755) })
	branch("link", func() {
		os.Remove(filepath.Join(root, ".claude/settings.json"))
		os.Symlink("/dev/null", filepath.Join(root, ".claude/settings.json"))
	})
	branch("other", func() { put("README.md", "changed\n") })
	git("tag", "v1", "content")
	git("tag", "-a", "-m", "annotated", "v2", "other")
	return root, []string{".claude/settings.json", ".claude/settings.local.json", ".codex/hooks.json", ".github/hooks"}
}

// The batched reading of what a checkout of one revision changes agrees
// with git diff's on every revision, and on two revisions (git revert's
// REV^ REV): the same files, or none, or a revision git does not know.
func TestBatchDiffAgreesWithGitDiff(t *testing.T) {
	root, paths := batchRepo(t)
	revs := []string{"content", "added", "gone", "mode", "link", "other", "main", "HEAD", "v1", "v2", "HEAD~0",
		"content^{commit}", "nope", "refs/heads/added", "@{-1}"}
	sc, err := (&shell.Parser{}).Parse(context.Background(), "git checkout "+strings.Join(revs, "; git checkout "))
	if err != nil {
		t.Fatal(err)
	}
	ctx := withGitReads(context.Background())
	cdsAndRevs(ctx, sc)
	asks := [][]string{{"content", "gone"}, {"gone", "content"}, {"mode", "link"}, {"nope", "main"}, {"main", "nope~3"}}
	for _, rev := range revs {
		asks = append(asks, []string{rev}, []string{rev + "^", rev}, []string{"HEAD..." + rev})
	}
	for _, revs := range asks {
		want, wantErr := runGitNames(context.Background(), root, diffArgs(paths, revs...), false)
		got, gotErr, ok := batchDiff(ctx, root, paths, revs...)
		if !ok {
			t.Errorf("%q: not read in the batch", revs)
			continue
		}
		if (wantErr != nil) != (gotErr != nil) || wantErr != nil && unknownRev(wantErr) != unknownRev(gotErr) {
			t.Errorf("%q: error %v, git diff's %v", revs, gotErr, wantErr)
			continue
		}
		got, want = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
		if !slices.Equal(got, want) {
			t.Errorf("%q: batch %q, git diff %q", revs, got, want)
		}
	}
	r := ctx.Value(gitReadsKey{}).(*gitReads)
	// git diff HEAD, the trees of every revision and its parent, the
	// merge bases and their trees, the differences of every pair; and
	// the few the command does not spell (@{-1}, nope~3, the pairs of
	// two branches) in a few more.
	if r.n > 10 {
		t.Errorf("%d git processes for %d questions", r.n, len(asks))
	}
}

// A footing file changed since HEAD leaves the batch out: git diff
// itself is asked.
func TestBatchDiffAsksGitWhenChanged(t *testing.T) {
	root, paths := batchRepo(t)
	if err := os.WriteFile(filepath.Join(root, ".claude/settings.json"), []byte(`{"disableAllHooks": true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := withGitReads(context.Background())
	sc, err := (&shell.Parser{}).Parse(context.Background(), "git checkout content; git checkout other; git checkout main")
	if err != nil {
		t.Fatal(err)
	}
	cdsAndRevs(ctx, sc)
	if _, _, ok := batchDiff(ctx, root, paths, "content"); ok {
		t.Fatal("read in the batch with a footing file changed since HEAD")
	}
	if _, _, ok := batchDiff(ctx, root, paths, "content^", "content"); !ok {
		t.Fatal("two revisions not read in the batch: the worktree does not count")
	}
	got, err := gitDiff(ctx, root, paths, "content")
	if err != nil || len(got) != 0 {
		// The worktree now holds what content has: nothing changes.
		t.Fatalf("gitDiff = %q, %v; want none", got, err)
	}
	got, err = gitDiff(ctx, root, paths, "other")
	if err != nil || !slices.Equal(got, []string{".claude/settings.json"}) {
		t.Fatalf("gitDiff other = %q, %v", got, err)
	}
}

// Words a cat-file line would read differently from git diff are not
// batched.
func TestPlainRev(t *testing.T) {
	for rev, want := range map[string]bool{
		"main": true, "v1.2.0": true, "release/1.2": true, "HEAD~2": true, "@{-1}": true, "stash@{0}": true, "a^{tree}": true,
		"": false, "-f": false, "^main": false, "main..x": false, "HEAD:.claude": false, ":/msg": false, "a b": false,
		"a\nb": false, "main...x": false,
	} {
		if got := plainRev(rev); got != want {
			t.Errorf("plainRev(%q) = %v, want %v", rev, got, want)
		}
	}
}

// A command of one or two git commands asks git diff alone: one process
// where a batch is three.
func TestBatchDiffNotForFew(t *testing.T) {
	root, paths := batchRepo(t)
	sc, err := (&shell.Parser{}).Parse(context.Background(), "git stash && git checkout content")
	if err != nil {
		t.Fatal(err)
	}
	ctx := withGitReads(context.Background())
	cdsAndRevs(ctx, sc)
	if _, _, ok := batchDiff(ctx, root, paths, "content"); ok {
		t.Error("two git commands read in a batch")
	}
	got, err := gitDiff(ctx, root, paths, "content")
	if err != nil || !slices.Equal(got, []string{".claude/settings.json"}) {
		t.Fatalf("gitDiff = %q, %v", got, err)
	}
	if r := ctx.Value(gitReadsKey{}).(*gitReads); r.n != 1 {
		t.Errorf("%d git processes, want 1", r.n)
	}
}

// The reads started early (the trees while the configuration is read,
// git diff HEAD with the differences, a second process of merge bases)
// give the answers git diff gives alone, and count as the same reads: a
// command is judged as if none had been started.
func TestPrefetchAgreesWithGitDiff(t *testing.T) {
	root, paths := batchRepo(t)
	var revs []string
	for i, b := range []string{"content", "added", "gone", "mode", "link", "other", "main", "v1", "v2"} {
		for j := range 5 { // 45 names: the merge bases take two processes
			name := b + "-" + strconv.Itoa(j)
			if out, err := exec.Command("git", "-C", root, "branch", name, b).CombinedOutput(); err != nil {
				t.Fatalf("git branch: %v %s", err, out)
			}
			revs = append(revs, name)
		}
		revs = append(revs, b, "nope"+strconv.Itoa(i))
	}
	for _, changed := range []bool{false, true} {
		if changed {
			if err := os.WriteFile(filepath.Join(root, ".claude/settings.json"), []byte("{ }\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, sub := range []string{"checkout", "merge", "revert"} {
			sc, err := (&shell.Parser{}).Parse(context.Background(), "git "+sub+" "+strings.Join(revs, "; git "+sub+" "))
			if err != nil {
				t.Fatal(err)
			}
			counts := [2]int{}
			var answers [2][]string
			for k, early := range []bool{false, true} {
				ctx := withGitReads(context.Background())
				cdsAndRevs(ctx, sc)
				if early {
					prefetchTrees(ctx, root)
				}
				for _, rev := range revs {
					var ask []string
					switch sub {
					case "checkout":
						ask = []string{rev}
					case "merge":
						ask = []string{"HEAD..." + rev}
					default:
						ask = []string{rev + "^", rev}
					}
					got, gotErr := gitDiff(ctx, root, paths, ask...)
					answers[k] = append(answers[k], fmt.Sprint(got, gotErr))
					if !early || errors.Is(gotErr, errGitReads) {
						continue // past the bound (git diff alone for each, a footing file changed): the same with both
					}
					want, wantErr := runGitNames(context.Background(), root, diffArgs(paths, ask...), false)
					if (wantErr != nil) != (gotErr != nil) || wantErr != nil && unknownRev(wantErr) != unknownRev(gotErr) {
						t.Errorf("%v %q: error %v, git diff's %v", early, ask, gotErr, wantErr)
						continue
					}
					got, want = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
					if !slices.Equal(got, want) {
						t.Errorf("%v %q: batch %q, git diff %q", early, ask, got, want)
					}
				}
				counts[k] = ctx.Value(gitReadsKey{}).(*gitReads).n
			}
			if !slices.Equal(answers[0], answers[1]) {
				t.Errorf("changed %v, %s: answers without the early reads %q, with %q", changed, sub, answers[0], answers[1])
			}
			if counts[0] != counts[1] {
				t.Errorf("changed %v, %s: %d reads without the early ones, %d with", changed, sub, counts[0], counts[1])
			}
		}
	}
}
