//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd)

package hooklog

import (
	"errors"
	"time"
)

// lock is not available here: the log is not rotated.
func lock(string, time.Duration) (func(), error) {
	return nil, errors.New("no file lock on this system: the log is not rotated")
}
