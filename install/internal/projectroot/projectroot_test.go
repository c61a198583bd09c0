package projectroot

import (
	"os"
	"path/filepath"
	"testing"
)

// TestProjectRoot: the project is the nearest directory with .git (a
// directory, or a worktree's file), never the home directory or above it,
// else the working directory.
func TestProjectRoot(t *testing.T) {
	base := t.TempDir()
	home := filepath.Join(base, "home", "dev")
	repo := filepath.Join(home, "project")
	src := filepath.Join(repo, "src", "pkg")
	wt := filepath.Join(home, "wt")
	plain := filepath.Join(home, "notes", "a")
	for _, d := range []string{src, filepath.Join(repo, ".git"), filepath.Join(wt, "cmd"), plain} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: ../project/.git/worktrees/wt\n"), 0o644)
	for _, tc := range []struct{ wd, want string }{
		{src, repo},
		{repo, repo},
		{filepath.Join(wt, "cmd"), wt},
		{plain, plain},
		{home, home},
	} {
		if got := Find(tc.wd, home); got != tc.want {
			t.Errorf("Find(%s) = %s, want %s", tc.wd, got, tc.want)
		}
	}
	// A home directory kept in git is not the project of a folder in it.
	os.Mkdir(filepath.Join(home, ".git"), 0o755)
	if got := Find(plain, home); got != plain {
		t.Errorf("dotfiles home: Find = %s, want %s", got, plain)
	}
}
