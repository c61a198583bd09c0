package githooks

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestDirs: which hooks directory each git command runs hooks of, and
// whether a given hook is among them.
func TestDirs(t *testing.T) {
	for _, tc := range []struct {
		src, dir, hook string
		runs           bool
	}{
		{`git status && git log -1`, "", "", false},
		{`git commit -m x`, "", "pre-commit", true},
		{`git commit -m x`, "", "pre-push", false},
		{`git -c core.hooksPath=.husky push`, ".husky", "pre-push", true},
		{`git -c core.hookspath=h fetch`, "h", "reference-transaction", true},
		{`git -c "$K" commit`, "$", "pre-commit", true},
		{`git "$SUB"`, "", "anything", true},
		{`git add . && git checkout main`, "", "post-checkout", true},
	} {
		s, err := shell.Parse(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if Runs(s) != (tc.runs || tc.hook != "") {
			t.Errorf("Runs(%q) = %v", tc.src, Runs(s))
		}
		found := false
		for _, u := range Dirs(s) {
			if u.Dir == tc.dir && (u.Names == nil || slices.Contains(u.Names, tc.hook)) {
				found = true
			}
		}
		if tc.hook != "" && found != tc.runs {
			t.Errorf("%q: hook %s of %q runs %v, want %v (%v)", tc.src, tc.hook, tc.dir, found, tc.runs, Dirs(s))
		}
	}
}

// TestFind: the executable hooks of a repository, but samples and the
// hooks a command does not run; another directory by core.hooksPath.
func TestFind(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	write := func(name, text string, mode os.FileMode) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/hooks/pre-commit", "#!/bin/sh\n", 0o755)
	write(".git/hooks/pre-push", "#!/bin/sh\n", 0o644) // not executable: git does not run it
	write(".husky/pre-push", "#!/bin/sh\n", 0o755)
	write("sub/x", "", 0o644)
	for _, tc := range []struct {
		use  Use
		want string
	}{
		{Use{}, ".git/hooks/pre-commit"},
		{Use{Names: []string{"pre-push"}}, ""},
		{Use{Dir: ".husky"}, ".husky/pre-push"},
		{Use{Dir: ".husky", Names: []string{"pre-commit"}}, ""},
	} {
		top, hooks, err := Find(context.Background(), filepath.Join(root, "sub"), tc.use)
		if err != nil || top != root {
			t.Fatalf("Find(%v): %q, %v", tc.use, top, err)
		}
		var got []string
		for _, h := range hooks {
			rel, _ := filepath.Rel(root, h)
			got = append(got, filepath.ToSlash(rel))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("Find(%v) = %q, want %q", tc.use, got, tc.want)
		}
	}
	if top, hooks, err := Find(context.Background(), t.TempDir(), Use{}); top != "" || hooks != nil || err != nil {
		t.Errorf("Find outside a repository: %q %q %v", top, hooks, err)
	}
	if got := Script("/p/it's", []string{"/p/.git/hooks/pre-commit"}); got != "cd '/p/it'\\''s' || exit\n'/p/.git/hooks/pre-commit'\n" {
		t.Errorf("Script = %q", got)
	}
}

// Prefetch's answer, taken by Top and Find in the same call (some
// asking at once), is git's asked alone, inside a worktree and outside
// one; a context the prefetch ended with leaves the question to the
// next asker.
func TestPrefetchAgreesWithAlone(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{root, filepath.Join(root, "sub"), t.TempDir(), filepath.Join(root, "missing")} {
		wantTop, wantHooks := where(context.Background(), dir)
		ctx := WithMemo(context.Background())
		Prefetch(ctx, dir)
		Prefetch(ctx, dir) // once
		done := make(chan string)
		for range 3 {
			go func() { done <- Top(ctx, dir) }()
		}
		for range 3 {
			if got := <-done; got != wantTop {
				t.Errorf("%s: Top after Prefetch %q, alone %q", dir, got, wantTop)
			}
		}
		if top, hooks := where(ctx, dir); top != wantTop || hooks != wantHooks {
			t.Errorf("%s: where after Prefetch %q %q, alone %q %q", dir, top, hooks, wantTop, wantHooks)
		}
	}
	ended, cancel := context.WithCancel(WithMemo(context.Background()))
	cancel()
	Prefetch(ended, root)
	live := context.WithoutCancel(ended) // the same memo
	if got := Top(live, root); got != root {
		t.Errorf("Top after a prefetch whose context ended: %q, want %q", got, root)
	}
}
