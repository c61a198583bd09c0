package readfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ErrBound is returned by [Walk] when the tree holds more entries than
// it may read.
var ErrBound = errors.New("readfile: more entries than the bound")

// Walk is [filepath.WalkDir] that reads at most max entries of folders
// in all: fn is called for root and for each entry under it, in lexical
// order, as WalkDir calls it, and [fs.SkipDir] and [fs.SkipAll] work
// as there. A folder holding more entries than are left is not listed
// (fn sees none of them) and Walk returns [ErrBound]. WalkDir reads a
// whole folder before the first of its entries is seen, so a folder of
// a million names, which the model can make in one call, costs a
// second however soon the caller would stop; Walk reads at most max+1
// names of it. Folders are opened as [Dir] opens them, without
// following a link at root's place any more than WalkDir does.
func Walk(root string, max int, fn fs.WalkDirFunc) error {
	info, err := os.Lstat(root)
	if err != nil {
		err = fn(root, nil, err)
	} else {
		w := walker{left: max}
		err = w.walk(root, fs.FileInfoToDirEntry(info), fn)
	}
	if err == fs.SkipDir || err == fs.SkipAll {
		return nil
	}
	return err
}

// walker holds how many entries a Walk may still read.
type walker struct{ left int }

// walk is WalkDir's walkDir, with each folder read by readDir.
func (w *walker) walk(path string, d fs.DirEntry, fn fs.WalkDirFunc) error {
	if err := fn(path, d, nil); err != nil || !d.IsDir() {
		if err == fs.SkipDir && d.IsDir() {
			err = nil // this folder's entries are skipped
		}
		return err
	}
	entries, err := w.readDir(path)
	if errors.Is(err, ErrBound) {
		return err
	}
	if err != nil {
		// As WalkDir: a second call with the error.
		if err = fn(path, d, err); err != nil {
			if err == fs.SkipDir && d.IsDir() {
				err = nil
			}
			return err
		}
	}
	for _, e := range entries {
		if err := w.walk(filepath.Join(path, e.Name()), e, fn); err != nil {
			if err == fs.SkipDir {
				break
			}
			return err
		}
	}
	return nil
}

// readDir returns the entries of the folder at path sorted by name, or
// ErrBound when it holds more than are left to read.
func (w *walker) readDir(path string) ([]fs.DirEntry, error) {
	f, err := Dir(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	entries, err := f.ReadDir(w.left + 1)
	if err == io.EOF {
		err = nil // an empty folder
	}
	if len(entries) > w.left {
		return nil, ErrBound
	}
	w.left -= len(entries)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}
