//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package hooklog

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// lock takes an exclusive flock on the file at path (created, and opened
// as the log is: see openFile), trying without blocking until wait has
// passed; unlock releases it. A lock another process holds past wait is
// an error, never a wait without end.
func lock(path string, wait time.Duration) (unlock func(), err error) {
	f, err := openFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(wait)
	pause := time.Millisecond
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil || !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			break
		}
		if time.Now().After(deadline) {
			err = fmt.Errorf("%s is locked by another process", path)
			break
		}
		time.Sleep(pause)
		pause = min(2*pause, 10*time.Millisecond)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
