package footing_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/footing"
)

// gitRuns returns the git processes started while f runs, as GIT_TRACE
// records them.
func gitRuns(t *testing.T, f func()) int {
	trace := filepath.Join(t.TempDir(), "trace")
	t.Setenv("GIT_TRACE", trace)
	f()
	b, err := os.ReadFile(trace)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return strings.Count(string(b), "trace: built-in: git ")
}

// Two judgments of one call given WithReads's context (hookmain's check
// and the guard's) read the repository's state once: the second starts
// no git process. Without it, each reads it.
func TestWithReadsShared(t *testing.T) {
	f := newFixture(t)
	tool := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "git stash && git checkout HEAD~1 && git stash pop"}}
	judge := func(ctx context.Context) {
		if _, deny := f.set(f.proj).Judge(ctx, tool); !deny {
			t.Fatal("allowed: HEAD~1 has no hook")
		}
	}
	first := gitRuns(t, func() { judge(context.Background()) })
	if first == 0 {
		t.Fatal("no git process: the state was not read")
	}
	ctx := footing.WithReads(context.Background())
	if n := gitRuns(t, func() { judge(ctx) }); n != first {
		t.Errorf("first judgment with WithReads: %d git processes, alone %d", n, first)
	}
	if n := gitRuns(t, func() { judge(ctx) }); n != 0 {
		t.Errorf("second judgment with WithReads: %d git processes, want 0", n)
	}
	if n := gitRuns(t, func() { judge(context.Background()) }); n != first {
		t.Errorf("a judgment without WithReads: %d git processes, want %d", n, first)
	}
}
