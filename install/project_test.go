package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
