// Package procout is the standard output of a hook process, shared by
// hookmain.Run and bridgemain.Run: SIGPIPE ignored, and a stdout closed at
// start made a writer whose every write fails, so that an answer that
// cannot be written is reported (a line on stderr, a non-zero exit), never
// lost in silence.
package procout

import (
	"errors"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Stdout ignores SIGPIPE, so that a write to a closed stdout pipe fails
// with EPIPE rather than killing the process silently, and returns the
// writer for the answer: os.Stdout, or, when the process started with its
// standard output closed, a writer whose every write fails.
func Stdout() io.Writer {
	signal.Ignore(syscall.SIGPIPE)
	if stdoutClosedAtStart() {
		return closedStdout{}
	}
	return os.Stdout
}

// closedStdout is the standard output of a process started without one:
// every write fails, so that the answer lost is reported, not dropped.
type closedStdout struct{}

func (closedStdout) Write([]byte) (int, error) {
	return 0, errors.New("stdout was closed when the hook started, or is the null device opened read-write")
}
