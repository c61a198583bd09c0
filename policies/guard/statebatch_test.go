package guard

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks/footing"
	"github.com/agenthooks/hooks/shell"
)

// batchProject is project's worktree with more shapes of state: an
// ignored .env, one inside an ignored folder, an untracked folder beside
// ignored files, and a folder of ignored files alone.
func batchProject(t *testing.T) string {
	root := project(t)
	for name, body := range map[string]string{
		".gitignore":              "node_modules/\ntarget/\nbuild/\n__pycache__/\n*.pyc\n.env\ncache/\n",
		"web/.env":                "SECRET=1\n",
		"build/.env":              "SECRET=2\n",
		"mixed/new.txt":           "mine\n",
		"mixed/old.pyc":           "x",
		"cache/a/b/c":             "x",
		"deep/er/still/new.md":    "mine\n",
		"packages/a/src/index.js": "changed\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// batchPaths are paths of batchProject a command may delete: tracked,
// ignored, untracked, changed, missing, folders above others of the
// list and inside them.
var batchPaths = []string{
	"node_modules", "node_modules/.cache", "node_modules/left-pad/index.js", "packages", "packages/a", "packages/a/node_modules",
	"packages/b/node_modules/y", "packages/b", "target/debug/incremental", "target", "build", "build/out.o", "build/.env",
	"pkg/__pycache__", "pkg", "pkg/n.pyc", "web", "web/.env", "mixed", "mixed/old.pyc", "cache", "cache/a/b", "deep",
	"deep/er", "notes", "notes/todo.md", "src", "docs", "missing", "missing/deeper", ".gitignore", "app",
}

// Reading git status once for all of a command's deletes gives each path
// what reading it alone gives: the same work (and first file of it) and
// regenerable count, whichever other paths the batch holds.
func TestBatchStatusAgreesWithAlone(t *testing.T) {
	withPatientGit(t)
	root := batchProject(t)
	want := map[string]loss{}
	for _, p := range batchPaths {
		want[p] = newWorktree(context.Background()).status(root, ":(literal)"+p)
	}
	// In the command's order, reversed, and in halves: the batch holds
	// different neighbours each time.
	n := len(batchPaths)
	orders := [][]string{batchPaths, reversed(batchPaths), batchPaths[:n/2], batchPaths[n/2:]}
	for _, order := range orders {
		s := parse(t, "rm -rf "+strings.Join(order, " "))
		wt := newWorktree(context.Background())
		wt.begin(s, root)
		for _, p := range order {
			if got := wt.status(root, ":(literal)"+p); got != want[p] {
				t.Errorf("%s (of %d): batch %+v, alone %+v", p, len(order), got, want[p])
			}
		}
		if reads := countReads(wt); reads != 1 {
			t.Errorf("%d paths: %d git processes, want 1", len(order), reads)
		}
	}
}

// Whether a word of git checkout names a commit and a tracked path is
// the same read in a batch (git cat-file and git ls-files at once) as
// alone.
func TestBatchRefOrPathAgreesWithAlone(t *testing.T) {
	withPatientGit(t)
	root := batchProject(t)
	words := []string{"main", "v1.2.0", "release/1.2", "src", "src/main.go", "docs", "nope", "HEAD", "HEAD~0", "pkg/m.py",
		"node_modules", "notes", "main^{tree}", "packages/a", "-", "@{-1}"}
	type answer struct{ ref, path, ok bool }
	want := map[string]answer{}
	for _, w := range words {
		r, p, ok := newWorktree(context.Background()).refOrPath(root, w)
		want[w] = answer{r, p, ok}
	}
	s := parse(t, "git checkout "+strings.Join(words, "; git checkout "))
	wt := newWorktree(context.Background())
	wt.begin(s, root)
	for _, w := range words {
		r, p, ok := wt.refOrPath(root, w)
		if got := (answer{r, p, ok}); got != want[w] {
			t.Errorf("%s: batch %+v, alone %+v", w, got, want[w])
		}
	}
	// The top, one cat-file and one ls-files for the words that can be
	// batched; the others alone (-, @{-1}, main^{tree}: rev-parse, and
	// ls-files for those not on the disk).
	if reads := countReads(wt); reads > 9 {
		t.Errorf("%d words: %d git processes", len(words), reads)
	}
}

// Whether a word names a commit and a tracked path is the same read with
// git rev-parse and git ls-files at once (refOrPath's own reads) as with
// git asked one question after the other.
func TestRefOrPathAtOnceAgreesWithInTurn(t *testing.T) {
	withPatientGit(t)
	root := batchProject(t)
	words := []string{"main", "v1.2.0", "release/1.2", "src", "src/main.go", "docs", "nope", "HEAD", "pkg/m.py", "notes",
		"main^{tree}", "packages/a", "-", "@{-1}", "mixed/new.txt", "missing/x"}
	inTurn := newWorktree(context.Background())
	inTurn.git = func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		return runGit(ctx, dir, func(context.Context, string) string { return "" }, args...)
	}
	for _, w := range words {
		r, p, ok := newWorktree(context.Background()).refOrPath(root, w)
		wr, wp, wok := inTurn.refOrPath(root, w)
		if r != wr || p != wp || ok != wok {
			t.Errorf("%s: at once %v %v %v, in turn %v %v %v", w, r, p, ok, wr, wp, wok)
		}
	}
}

// git checkout WORD, whose git status (pathsKept's) starts with the
// reads of whether WORD is a ref or a path, and the batch of a call's
// words, is judged as with git asked one question after the other: the
// same verdict and reason for each path of batchProject and each ref.
func TestEarlyStatusAgreesWithInTurn(t *testing.T) {
	withPatientGit(t)
	root := batchProject(t)
	words := append([]string{"main", "v1.2.0", "release/1.2", "nope", "mixed/new.txt", "packages/a/src/index.js"}, batchPaths...)
	ctx := footing.WithReads(context.Background())
	if why := footing.UnsafeRepo(ctx, root); why != "" {
		t.Fatal(why)
	}
	inTurn := func() *worktree {
		wt := newWorktree(context.Background())
		wt.git = func(ctx context.Context, dir string, args ...string) ([]byte, error) {
			return runGit(ctx, dir, func(context.Context, string) string { return "" }, args...)
		}
		return wt
	}
	for _, cmd := range []string{"git checkout %s", "git checkout %s; git checkout main; git checkout v1.2.0"} {
		for _, w := range words {
			c := strings.ReplaceAll(cmd, "%s", w)
			early := newWorktree(ctx)
			r, deny := judgeShell(ctx, c, &place{root: root, dir: root, src: c, wt: early})
			wr, wdeny := judgeShell(context.Background(), c, &place{root: root, dir: root, src: c, wt: inTurn()})
			if r != wr || deny != wdeny {
				t.Errorf("%s: early %v %q, in turn %v %q", c, deny, r, wdeny, wr)
			}
			if len(early.pending) > 0 {
				t.Errorf("%s: %d reads started early still pending after the judgment", c, len(early.pending))
			}
		}
	}
}

// A command of 60 deletes of ignored folders, each in a folder of its
// own, reads the state in a few git processes and is allowed: it started
// 32 and denied the 16th on its words.
func TestManyDeletesReadOnce(t *testing.T) {
	root, write, git := repo(t)
	write(".gitignore", "*/sub/\n")
	var cmd []string
	for i := range 60 {
		d := "d" + string(rune('a'+i/26)) + string(rune('a'+i%26))
		write(d+"/kept", "x\n")
		write(d+"/sub/out.o", "x")
		cmd = append(cmd, "rm -rf "+d+"/sub")
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	wt := newWorktree(context.Background())
	at := &place{root: root, dir: root, wt: wt}
	if r, deny := judgeShellAt(t, strings.Join(cmd, "; "), at); deny {
		t.Fatalf("denied: %s", r)
	}
	if reads := countReads(wt); reads > 3 {
		t.Errorf("%d git processes", reads)
	}
}

// countReads returns the git processes wt started.
func countReads(wt *worktree) int { return wt.reads }

func parse(t *testing.T, cmd string) *shell.Script {
	t.Helper()
	s, err := (&shell.Parser{}).Parse(context.Background(), cmd)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func reversed(xs []string) []string {
	r := make([]string, len(xs))
	for i, x := range xs {
		r[len(xs)-1-i] = x
	}
	return r
}

// withPatientGit gives each git read of the test a minute rather than
// stateTimeout: an agreement test compares two ways of reading the same
// state, and on a loaded machine a read past the usual deadline is
// unknown in one way and not in the other (the tests of this package do
// not run in parallel).
func withPatientGit(t *testing.T) {
	old := stateTimeout
	stateTimeout = time.Minute
	t.Cleanup(func() { stateTimeout = old })
}
