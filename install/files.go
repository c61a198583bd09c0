package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// BackupSuffix is appended to a file's name for the copy of its previous
// content kept on each write.
const BackupSuffix = ".hooks-backup"

// readFile returns the file's content, or nil when it does not exist.
func readFile(p string) ([]byte, error) {
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if b == nil {
		b = []byte{}
	}
	return b, nil
}

// writeFile replaces the file at p (through a symbolic link, the file it
// points to) with after, atomically: a temporary file in the same
// directory, with the same permissions, renamed over it. The previous
// content, if any, is first saved next to it with BackupSuffix; the
// backup's path is returned. before is what the caller read: if the file
// changed since, nothing is written.
func writeFile(p string, before, after []byte) (string, error) {
	target := p
	if t, err := filepath.EvalSymlinks(p); err == nil {
		target = t
	}
	cur, err := readFile(target)
	if err != nil {
		return "", err
	}
	if (cur == nil) != (before == nil) || string(cur) != string(before) {
		return "", fmt.Errorf("%s changed while it was being edited; run again", p)
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(target); err == nil {
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	backup := ""
	if before != nil {
		backup = target + BackupSuffix
		if err := atomicWrite(backup, before, mode); err != nil {
			return "", fmt.Errorf("backup: %w", err)
		}
	}
	return backup, atomicWrite(target, after, mode)
}

func atomicWrite(p string, data []byte, mode fs.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
