//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package install

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe, a socket and a device are refused without opening them
// (opening a FIFO would wait for a writer forever).
func TestNonRegularFilesRefused(t *testing.T) {
	for name, tc := range map[string]struct {
		make func(t *testing.T, p string)
		want string
	}{
		"fifo": {func(t *testing.T, p string) {
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skip(err)
			}
		}, "a named pipe (FIFO)"},
		"socket": {func(t *testing.T, p string) {
			l, err := net.Listen("unix", p)
			if err != nil {
				t.Skip(err)
			}
			t.Cleanup(func() { l.Close() })
		}, "a socket"},
		"device": {func(t *testing.T, p string) {
			if err := os.Symlink("/dev/null", p); err != nil {
				t.Skip(err)
			}
		}, "a device"},
	} {
		t.Run(name, func(t *testing.T) {
			// A short directory: socket paths are limited to ~100 bytes.
			dir, err := os.MkdirTemp("", "odd")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(dir) })
			os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
			tc.make(t, filepath.Join(dir, ".claude", "settings.json"))
			done := make(chan struct{})
			go func() {
				defer close(done)
				refused(t, dir, tc.want)
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("install hangs on the file")
			}
		})
	}
}

// A read-only file is refused unless --force, which keeps its mode.
func TestReadOnlyNeedsForce(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string][]byte{".codex/hooks.json": []byte("{}\n")})
	p := filepath.Join(dir, ".codex", "hooks.json")
	os.Chmod(p, 0o444)
	refused(t, dir, "read-only; pass --force")
	code, _, stderr := runMain(t, "/home/dev/bin/guard", "install", "--dir", dir, "--force")
	if code != 0 {
		t.Fatal(stderr)
	}
	b, _ := os.ReadFile(p)
	fi, _ := os.Stat(p)
	if !strings.Contains(string(b), "--host codex") || fi.Mode().Perm() != 0o444 {
		t.Errorf("mode %v:\n%s", fi.Mode().Perm(), b)
	}
	// Re-running changes nothing, so needs no --force.
	if code, _, stderr := runMain(t, "/home/dev/bin/guard", "install", "--dir", dir); code != 0 {
		t.Error(stderr)
	}
}
