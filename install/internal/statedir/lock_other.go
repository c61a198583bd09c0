//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd || windows)

package statedir

import (
	"errors"
	"io/fs"
	"os"
)

// tryLock, where the system has no flock, creates "<lock>.held"
// exclusively; a process killed while holding it leaves it behind, and
// the error on timeout names it.
func tryLock(f *os.File) (bool, error) {
	h, err := os.OpenFile(f.Name()+".held", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	h.Close()
	return true, nil
}

func unlockFile(f *os.File) {
	os.Remove(f.Name() + ".held")
}
