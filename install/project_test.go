package install

import (
	"os"
	"path/filepath"
	"strings"
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
		if got := projectRoot(tc.wd, home); got != tc.want {
			t.Errorf("projectRoot(%s) = %s, want %s", tc.wd, got, tc.want)
		}
	}
	// A home directory kept in git is not the project of a folder in it.
	os.Mkdir(filepath.Join(home, ".git"), 0o755)
	if got := projectRoot(plain, home); got != plain {
		t.Errorf("dotfiles home: projectRoot = %s, want %s", got, plain)
	}
}

// issue 28: install from a subdirectory of a repository writes the
// repository's files, with a note; doctor from the subdirectory finds them.
func TestInstallFromSubdirectory(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "project")
	src := filepath.Join(repo, "src")
	os.MkdirAll(filepath.Join(repo, ".git"), 0o755)
	os.MkdirAll(src, 0o755)
	t.Setenv("HOME", filepath.Join(base, "home"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(base, "state"))
	t.Chdir(src)
	code, stdout, stderr := runMain(t, "/home/dev/bin/guard", "install", "--hosts", "claude")
	if code != 0 || !strings.Contains(stderr, "note: project directory "+repo+", the repository's root") {
		t.Fatalf("install: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(repo, ".claude", "settings.json")); err != nil {
		t.Errorf("not in the repository's root: %v", err)
	}
	if _, err := os.Stat(filepath.Join(src, ".claude")); err == nil {
		t.Error("install wrote the subdirectory's .claude")
	}
	_, stdout, stderr = runMain(t, "/home/dev/bin/guard", "doctor", "--hosts", "claude")
	if strings.Contains(stdout, "not installed") || !strings.Contains(stdout, filepath.Join(repo, ".claude", "settings.json")) {
		t.Errorf("doctor from the subdirectory:\n%s%s", stdout, stderr)
	}
}
