// Package safefile reads and replaces the configuration files install
// edits without ever leaving one half-written: it refuses what is not a
// regular file of a sane size, writes through a temporary file that is
// synced and renamed over the old one, keeps the old file's owner, and
// creates and removes the folders a file needs.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// MaxFileSize is the size of the largest configuration file install,
// uninstall and doctor read; a bigger one is refused unread.
const MaxFileSize = 8 << 20

// ErrOddFile is wrapped by the errors about a path that is not a
// regular file of a sane size (a dangling symbolic link, a named pipe,
// a device, a socket, a directory, a huge file); it is never written.
var ErrOddFile = errors.New("not a configuration file install edits")

// Read returns the content of the file at p (through a symbolic link
// to a regular file), or nil when nothing is there. It refuses, without
// opening it, anything but a regular file of at most MaxFileSize bytes:
// opening a named pipe would block until a writer comes, and a dangling
// link would be replaced by a file on write.
func Read(p string) ([]byte, error) {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		dest, _ := os.Readlink(p)
		st, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: it is a symbolic link to %s, which does not exist; create that file (even as {}) or remove the link", ErrOddFile, dest)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: it is a symbolic link to %s, which cannot be read: %v", ErrOddFile, dest, err)
		}
		fi = st
	}
	if err := regular(fi); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(p, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// It may have been swapped since Lstat: check what was opened.
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := regular(fi); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxFileSize {
		return nil, tooBig(int64(len(b)))
	}
	if b == nil {
		b = []byte{}
	}
	return b, nil
}

// regular refuses what is not a regular file of at most MaxFileSize.
func regular(fi fs.FileInfo) error {
	m := fi.Mode()
	if !m.IsRegular() {
		kind := "not a regular file"
		switch {
		case m.IsDir():
			kind = "a directory"
		case m&fs.ModeNamedPipe != 0:
			kind = "a named pipe (FIFO)"
		case m&fs.ModeSocket != 0:
			kind = "a socket"
		case m&fs.ModeDevice != 0:
			kind = "a device"
		}
		return fmt.Errorf("%w: it is %s, not a regular file", ErrOddFile, kind)
	}
	if fi.Size() > MaxFileSize {
		return tooBig(fi.Size())
	}
	return nil
}

func tooBig(n int64) error {
	return fmt.Errorf("%w: it is %.1f MiB, over the %d MiB limit for a settings file", ErrOddFile, float64(n)/(1<<20), MaxFileSize>>20)
}

// ReadOnly reports a file the user made read-only (no owner write bit,
// or the read-only attribute on Windows).
func ReadOnly(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o200 == 0
}

// tmpPattern names our temporary files: ".<name>.tmp<digits>".
func tmpPrefix(p string) string { return "." + filepath.Base(p) + ".tmp" }

// RemoveStaleTemps removes the temporary files a killed write of ours
// left next to p; it runs under p's lock, so none is in use. It returns
// those it removed.
func RemoveStaleTemps(p string) []string {
	dir, prefix := filepath.Dir(p), tmpPrefix(p)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || rest == "" || strings.Trim(rest, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		q := filepath.Join(dir, e.Name())
		if os.Remove(q) == nil {
			removed = append(removed, q)
		}
	}
	return removed
}

// TestFault, when set by a test, is called before each atomic replace
// and each removal of a file; an error makes that step fail.
var TestFault func(path string) error

// AtomicWrite replaces p with data: a temporary file in the same
// directory, with mode, synced, then renamed over p (MoveFileEx with
// replace on Windows).
func AtomicWrite(p string, data []byte, mode fs.FileMode) error {
	return Replace(p, data, mode, nil)
}

// Replace is AtomicWrite for a user's file: the temporary file gets
// the owner and group of the file it replaces (see keepOwner), and
// check, when not nil, runs immediately before the rename (an error
// stops it).
func Replace(p string, data []byte, mode fs.FileMode, check func() error) error {
	f, err := os.CreateTemp(filepath.Dir(p), tmpPrefix(p)+"*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil && check != nil {
		err = keepOwner(f, p)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && TestFault != nil {
		err = TestFault(p)
	}
	if err == nil && check != nil {
		err = check()
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// Mkdirs creates dir and its missing parents, and returns those it
// created, deepest first.
func Mkdirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return missing, nil
}

// RemoveEmptyDirs removes each of dirs (deepest first) that is empty.
func RemoveEmptyDirs(dirs []string) {
	for _, d := range dirs {
		if os.Remove(d) != nil {
			return
		}
	}
}

// OpenRead opens p for reading without waiting for a writer should it be
// a named pipe; the caller checks what it opened with Stat.
func OpenRead(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|openNonblock, 0)
}
