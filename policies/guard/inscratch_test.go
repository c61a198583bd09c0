package guard

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
)

// plainProject makes a project outside any git worktree: src holds
// work, node_modules and target hold builds, and node_modules/up is a
// link to the project itself, node_modules/lib one to src.
func plainProject(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"src/deep", "node_modules/.cache/x", "node_modules/pkg/dist", "target/debug/incremental/y", "web/node_modules/.vite"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, "src", "deep", "main.go"), []byte("package main\n"), 0o644)
	os.Symlink("..", filepath.Join(root, "node_modules", "up"))
	os.Symlink("../src", filepath.Join(root, "node_modules", "lib"))
	return root
}

// Outside a git worktree, where the state cannot tell, rule 1 lets a
// delete inside a build directory of the lists through, as it lets the
// whole directory: the everyday list's `rm -rf node_modules/.cache` and
// `rm -rf target/debug/incremental` were denied there. What a link on
// the way, or one the command makes, takes elsewhere is judged there.
// Each row runs under bash: what is allowed leaves src whole.
func TestInsideScratchOutsideWorktree(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		deny bool
	}{
		{"rm -rf node_modules/.cache", false},
		{"rm -rf node_modules/.cache dist", false},
		{"rm -rf target/debug/incremental", false},
		{"rm -rf node_modules/pkg/dist node_modules/.cache/x", false},
		{"cd web && rm -rf node_modules/.vite", false},
		{"rm -rf node_modules/lib", false}, // the link itself
		{"rm -rf node_modules/up/src", true},
		{"rm -rf node_modules/lib/deep", true},
		{"rm -rf node_modules/lib/", true},
		{"rm -rf node_modules/../src", true},
		{"ln -s ../src node_modules/s && rm -rf node_modules/s/deep", true},
		{"mv src node_modules/moved && rm -rf node_modules/moved", true},
		{"rm -rf node_modules/.git", true},
		{"rm -rf src/deep", true},
	} {
		root := plainProject(t)
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny := r.Decision == hooks.DecisionDeny; deny != c.deny {
			t.Errorf("%s: deny %v (%s), want %v", c.cmd, deny, r.Reason, c.deny)
		}
		cmd := exec.Command("bash", "-c", c.cmd)
		cmd.Dir = root
		cmd.Run()
		_, err := os.Stat(filepath.Join(root, "src", "deep", "main.go"))
		if lost := err != nil; !c.deny && lost {
			t.Errorf("%s: allowed, but under bash it deleted src", c.cmd)
		}
	}
}

// Without the folder the command runs in (an event with no cwd), the
// links on the way cannot be read: the lists decide alone.
func TestInsideScratchNeedsAFolder(t *testing.T) {
	for _, cwd := range []string{"", "project"} {
		r := Judge(context.Background(), cwd, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "rm -rf node_modules/.cache"}})
		if r.Decision != hooks.DecisionDeny {
			t.Errorf("cwd %q: %v, want deny", cwd, r.Decision)
		}
		if r := Judge(context.Background(), cwd, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "rm -rf node_modules"}}); r.Decision == hooks.DecisionDeny {
			t.Errorf("cwd %q: rm -rf node_modules denied: %s", cwd, r.Reason)
		}
	}
}
