//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd)

package hooklog

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// openFile opens the file at path with flag (and perm when it creates
// it), refusing a symbolic link at path or in place of its directory, and
// anything but a regular file. Without O_NOFOLLOW the link is looked for
// before the open and the file checked after it; hard links are not
// seen here.
func openFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if fi, err := os.Lstat(filepath.Dir(path)); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("the log's directory %s is a symbolic link: give the log's real path", filepath.Dir(path))
	}
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", path, kind(fi.Mode()))
	}
	f, err := os.OpenFile(path, flag, perm)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file (%s)", path, kind(fi.Mode()))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// openRead opens the file at path for reading, refusing anything but a
// regular file.
func openRead(path string) (*os.File, error) {
	f, err := os.Open(path)
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
