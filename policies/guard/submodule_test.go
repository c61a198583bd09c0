package guard

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// TestSubmoduleFilterNotRun (issue 38): git status in a superproject
// runs a submodule's own git status, with the clean filter its
// configuration (.git/modules/NAME/config, which the model can write)
// names; under bash, `touch sub/f; git status` ran it. Reading what rm
// -rf would lose enters no submodule: the filter never runs, and a
// delete that reaches a submodule is judged by its words.
func TestSubmoduleFilterNotRun(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found:", err)
	}
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
	}
	other, proj := filepath.Join(base, "other"), filepath.Join(base, "proj")
	for _, d := range []string{other, filepath.Join(proj, "src")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(other, "f"), []byte("a\n"), 0o644)
	os.WriteFile(filepath.Join(proj, "src", "main.go"), []byte("package main\n"), 0o644)
	git(other, "init", "-q")
	git(other, "add", "f")
	git(other, "commit", "-qm", "i")
	git(proj, "init", "-q")
	git(proj, "-c", "protocol.file.allow=always", "submodule", "add", "-q", "../other", "sub")
	git(proj, "add", ".")
	git(proj, "commit", "-qm", "s")
	ran := filepath.Join(base, "PWNED")
	git(proj, "config", "-f", ".git/modules/sub/config", "filter.x.clean", "touch "+ran+"; cat")
	os.WriteFile(filepath.Join(proj, "sub", ".gitattributes"), []byte("* filter=x\n"), 0o644)
	later := time.Now().Add(2 * time.Second)
	os.Chtimes(filepath.Join(proj, "sub", "f"), later, later) // same content, new time: status must hash it
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{"rm -rf sub", true},           // a submodule: not read, judged by its words (not scratch)
		{"rm -rf .", true},             // reaches it too
		{"rm -rf src/gen", false},      // nothing there
		{"rm -rf node_modules", false}, // scratch by its name
	} {
		r := judge(proj, "", tc.cmd)
		if (r.Decision == hooks.DecisionDeny) != tc.deny {
			t.Errorf("%s: %v %q, want deny %v", tc.cmd, r.Decision, r.Reason, tc.deny)
		}
		if _, err := os.Stat(ran); err == nil {
			t.Fatalf("%s: the hook ran the submodule's filter program", tc.cmd)
		}
	}
	// The attack is real: the superproject's own git status runs it.
	cmd := exec.Command("git", "status", "--porcelain")
	cmd.Dir, cmd.Env = proj, env
	cmd.Run()
	if _, err := os.Stat(ran); err != nil {
		t.Error("control: the superproject's git status did not run the submodule's filter, so the test proves nothing")
	}
}
