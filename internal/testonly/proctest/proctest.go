// Package proctest holds what the process tests of hook programs share:
// waiting for a hook or bridge process the test started.
package proctest

import (
	"errors"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// Wait waits for cmd, started by the test, and returns its exit code. It
// fails the test when a signal killed the process (a SIGPIPE that was not
// ignored, say), and kills it and fails the test when it has not exited
// in a minute: far past the deadlines under test, which are seconds, and
// far below the hosts' own. what names the process in failures ("the
// hook", "the bridge").
func Wait(t testing.TB, cmd *exec.Cmd, what string) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				t.Fatalf("%s was killed by %v", what, ws.Signal())
			}
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%s did not exit: it waits past its deadline", what)
		return -1
	}
}
