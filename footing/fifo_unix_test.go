//go:build unix

package footing_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// TestFIFONotWaited: a FIFO where the footing reads a list of names
// (xargs -a), a script file, a patch, an archive or an .npmrc is never
// opened for a blocking read: the call is judged at once, and denied.
func TestFIFONotWaited(t *testing.T) {
	f := newFixture(t)
	for _, name := range []string{"fifo.txt", "fifo.sh", "fifo.patch", "fifo.tgz", "fifo.zip"} {
		if err := syscall.Mkfifo(filepath.Join(f.proj, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(f.proj, "npmfifo"), 0o755)
	if err := syscall.Mkfifo(filepath.Join(f.proj, "npmfifo", ".npmrc"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The patch and archives held the hook until its host gave up on it
	// (and went on without its answer).
	for _, cmd := range []string{`xargs -a fifo.txt rm`, `bash fifo.sh`, `xargs rm < fifo.txt`, `git apply fifo.patch`, `tar -xzf fifo.tgz`,
		`unzip fifo.zip`, `bsdtar -xf fifo.zip`, `cd npmfifo && npm test`} {
		done := make(chan bool)
		go func() {
			_, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
			done <- deny
		}()
		select {
		case deny := <-done:
			if !deny {
				t.Errorf("%s: allowed; what a FIFO holds cannot be read before it runs", cmd)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: the footing waited on a FIFO", cmd)
		}
	}
}
