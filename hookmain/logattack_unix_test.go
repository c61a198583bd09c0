//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package hookmain

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// SECURITY.md: what a tool call can put at the decision log's path does
// not hang the hook or redirect its writes (issue 35, measured: with a
// FIFO at the log's path every hook printed its deny and then hung in the
// log write until the host killed it, which fails open on most hosts).
// The hook answers, says on one stderr line that the log cannot be
// written, and exits with the answer's code.
func TestProcessLogAttacked(t *testing.T) {
	for _, kind := range []string{"fifo", "symlink"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "guard.jsonl")
			profile := filepath.Join(dir, "bashrc")
			os.WriteFile(profile, []byte("# profile\n"), 0o600)
			switch kind {
			case "fifo":
				if err := syscall.Mkfifo(path, 0o600); err != nil {
					t.Fatal(err)
				}
			case "symlink":
				if err := os.Symlink(profile, path); err != nil {
					t.Fatal(err)
				}
			}
			cmd := hook("--host", "claude", "--timeout", "5s", "--log", path)
			cmd.Stdin = strings.NewReader(strings.Replace(claudeRm, "rm -rf build", "rm -rf build $(touch PWNED)", 1))
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			code := waitFor(t, cmd)
			if code != 0 || !strings.Contains(stdout.String(), `"permissionDecision":"deny"`) {
				t.Errorf("exit %d stdout %q; want the deny, exit 0", code, stdout.String())
			}
			if strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "decision log cannot be written") {
				t.Errorf("stderr %q: want one line saying the log cannot be written", stderr.String())
			}
			if b, _ := os.ReadFile(profile); string(b) != "# profile\n" {
				t.Errorf("the linked profile became %q", b)
			}
		})
	}
}
