//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd)

package hooklog

import "errors"

// lock is not available here: the log is not rotated.
func lock(string) (func(), error) {
	return nil, errors.New("no file lock on this system: the log is not rotated")
}
