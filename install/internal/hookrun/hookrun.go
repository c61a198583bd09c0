// Package hookrun runs a hook command the way a host does, for doctor:
// through /bin/sh (on Windows, split into words and run directly), with a
// payload on stdin, a time limit, and its output capped.
package hookrun

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"runtime"
	"time"

	"github.com/agenthooks/hooks/install/internal/shellwords"
)

// maxOutput caps what doctor keeps of a hook's stdout and stderr.
const maxOutput = 1 << 20

// Run runs command as the host would, through the shell (sh -c; on
// Windows the command's words directly), in dir, with env added to the
// environment and payload on stdin, and waits at most limit.
func Run(ctx context.Context, command string, payload []byte, dir string, env []string, limit time.Duration) Result {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	var cmd *exec.Cmd
	if runtime.GOOS == "windows" {
		words, ok := shellwords.Split(command)
		if !ok || len(words) == 0 {
			return Result{Err: errors.New("cannot split the command into words")}
		}
		cmd = exec.CommandContext(ctx, words[0], words[1:]...)
	} else {
		cmd = exec.CommandContext(ctx, "/bin/sh", "-c", command)
	}
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = bytes.NewReader(payload)
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	r := Result{Stdout: stdout.b.Bytes(), Stderr: stderr.b.Bytes()}
	var ee *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		r.TimedOut = true
	case errors.As(err, &ee):
		r.Exit = ee.ExitCode()
	case err != nil:
		r.Err = err
	}
	return r
}

// capped keeps the first maxOutput bytes written to it.
type capped struct{ b bytes.Buffer }

// Write keeps what fits and reports everything written.
func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

var _ io.Writer = (*capped)(nil)

// Result is what a hook process did.
type Result struct {
	Exit           int
	Stdout, Stderr []byte
	TimedOut       bool
	Err            error // could not be started
}
