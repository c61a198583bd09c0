//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package hooklog

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// openFile opens the file at path with flag (and perm when it creates
// it) as the log's files are opened: a symbolic link at path is not
// followed (O_NOFOLLOW), the open cannot block (O_NONBLOCK: a FIFO with
// no reader fails at once instead of waiting for one), the directory
// holding it must not be a symbolic link anyone but root owns, and what
// was opened must be a regular file with one name (a hard link to
// another file, such as a shell profile, is refused). The checks are
// made on the file opened (fstat) and then on its path again, so that a
// directory swapped for a link between the two is seen.
func openFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	dir := filepath.Dir(path)
	if err := checkDir(dir); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, flag|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, perm)
	if err != nil {
		switch {
		case errors.Is(err, syscall.ELOOP), errors.Is(err, syscall.EMLINK): // EMLINK: FreeBSD's O_NOFOLLOW
			return nil, fmt.Errorf("%s is a symbolic link: the log does not follow links", path)
		case errors.Is(err, syscall.ENXIO):
			return nil, fmt.Errorf("%s is not a regular file (a FIFO or a socket)", path)
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkFile(path, fi)
	}
	if err == nil {
		err = checkDir(dir)
	}
	if err == nil {
		// The path still names the file opened: its directory was not
		// swapped for a link and back while it was opened. (A rotation
		// in between also changes it: the caller opens again.)
		if now, lerr := os.Lstat(path); lerr != nil || !os.SameFile(now, fi) {
			err = errChanged
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// openRead opens the file at path for reading without blocking: a FIFO
// or a device in a log file's place is refused, not waited on. Links are
// followed (reading cannot change what they point to).
func openRead(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = fmt.Errorf("%s is not a regular file (%s)", path, kind(fi.Mode()))
		}
		return nil, err
	}
	return f, nil
}

// checkFile refuses what is not a log file: anything but a regular file,
// and a file with more than one name.
func checkFile(path string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file (%s)", path, kind(fi.Mode()))
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink > 1 {
		return fmt.Errorf("%s has %d names (a hard link): the log writes only a file of its own", path, st.Nlink)
	}
	return nil
}

// checkDir refuses a directory that is a symbolic link of the user the
// hook runs as: a link that user (or a program the user runs, such as an
// agent's tool call) could have made would send the log elsewhere. A link
// of another user, such as the system's own (/tmp to /private/tmp on
// macOS, root's), is followed; a hook run as root follows none.
func checkDir(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return nil // a missing directory is created, or the open fails
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return nil
	}
	return fmt.Errorf("the log's directory %s is a symbolic link its user could have made: give the log's real path", dir)
}
