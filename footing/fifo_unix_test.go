//go:build unix

package footing_test

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// TestFIFONotWaited: a FIFO where the footing reads a list of names
// (xargs -a) or a script file is never opened for a blocking read: the
// call is judged at once.
func TestFIFONotWaited(t *testing.T) {
	f := newFixture(t)
	for _, name := range []string{"fifo.txt", "fifo.sh"} {
		if err := syscall.Mkfifo(filepath.Join(f.proj, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, cmd := range []string{`xargs -a fifo.txt rm`, `bash fifo.sh`, `xargs rm < fifo.txt`} {
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
