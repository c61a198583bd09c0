// Package readfile reads a small regular file whose path the model may
// have chosen, without ever waiting: a FIFO, a device or a socket in the
// file's place is refused, not opened for a read that blocks until a
// writer comes (which would hold the hook past its host's deadline).
package readfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrTooLarge is returned for a regular file longer than the bound.
var ErrTooLarge = errors.New("readfile: file too large")

// ErrNotRegular is returned for a path that is not a regular file (a
// directory, a FIFO, a device, a socket).
var ErrNotRegular = errors.New("readfile: not a regular file")

// Regular returns the text of the regular file at path (links followed)
// when it holds at most max bytes. A missing file is an error matching
// fs.ErrNotExist; one past max is [ErrTooLarge]; anything but a regular
// file is [ErrNotRegular].
func Regular(path string, max int64) (string, error) {
	f, err := open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%w: %s (%s)", ErrNotRegular, path, fi.Mode().Type())
	}
	if fi.Size() > max {
		return "", fmt.Errorf("%w: %s", ErrTooLarge, path)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return "", err
	}
	if int64(len(b)) > max {
		return "", fmt.Errorf("%w: %s", ErrTooLarge, path)
	}
	return string(b), nil
}

// Open opens the regular file at path (links followed) for reading,
// without blocking: anything but a regular file is [ErrNotRegular],
// found on the file opened, not on a name that may change before it is
// opened. The caller closes the file.
func Open(path string) (*os.File, fs.FileInfo, error) {
	f, err := open(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%w: %s (%s)", ErrNotRegular, path, fi.Mode().Type())
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// Missing reports whether err says the file is not there.
func Missing(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// Dir opens the directory at path (links followed) to read its entries,
// without blocking: anything but a directory is [ErrNotRegular].
func Dir(path string) (*os.File, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.IsDir() {
		f.Close()
		if err == nil {
			err = fmt.Errorf("%w: %s is not a directory", ErrNotRegular, path)
		}
		return nil, err
	}
	return f, nil
}
