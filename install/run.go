package install

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"runtime"
	"time"
)

// DoctorEnv is set to "1" in the environment of the hook processes doctor
// runs, so that a hook can tell a check from a real event (and, say, not
// log it).
const DoctorEnv = "HOOKS_DOCTOR"

// maxOutput caps what doctor keeps of a hook's stdout and stderr.
const maxOutput = 1 << 20

// runHook runs command as the host would, through the shell (sh -c; on
// Windows the command's words directly), in dir, with payload on stdin,
// and waits at most limit.
func runHook(ctx context.Context, command string, payload []byte, dir string, env []string, limit time.Duration) runResult {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	var cmd *exec.Cmd
	if runtime.GOOS == "windows" {
		words, ok := splitCommand(command)
		if !ok || len(words) == 0 {
			return runResult{err: errors.New("cannot split the command into words")}
		}
		cmd = exec.CommandContext(ctx, words[0], words[1:]...)
	} else {
		cmd = exec.CommandContext(ctx, "/bin/sh", "-c", command)
	}
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append(env, DoctorEnv+"=1")...)
	cmd.Stdin = bytes.NewReader(payload)
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	r := runResult{stdout: stdout.b.Bytes(), stderr: stderr.b.Bytes()}
	var ee *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		r.timedOut = true
	case errors.As(err, &ee):
		r.exit = ee.ExitCode()
	case err != nil:
		r.err = err
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
