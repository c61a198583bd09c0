// Package pluginmodule lists the modules a plugin host (OpenCode and
// its forks) loads from its plugin folders, reading each as a
// configuration file is read (no named pipe, no huge file) and noting
// the ones that are another's path through a symbolic link.
package pluginmodule

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/statedir"
)

// File is a module in a folder a plugin host loads from.
type File struct {
	Path string
	// Src is its content; Err, why it cannot be read.
	Src []byte
	Err error
	// Same is the path, listed before, of the file this one is too
	// (through a symbolic link), or "".
	Same string
}

// List returns the modules a host loads from folders: every file
// whose name ends with one of exts,
// through symbolic links, sorted by name in each folder; and the folders
// that exist but cannot be listed (the host loads nothing from them
// either), with why (their path and err).
func List(folders, exts []string) (files, unlisted []File) {
	seen := map[string]string{}
	for _, dir := range folders {
		fi, err := os.Stat(dir)
		if errors.Is(err, fs.ErrNotExist) || err == nil && !fi.IsDir() {
			continue // nothing the host could load either
		}
		var ents []fs.DirEntry
		if err == nil {
			ents, err = os.ReadDir(dir)
		}
		if err != nil {
			unlisted = append(unlisted, File{Path: dir, Err: err})
			continue
		}
		for _, ent := range ents {
			if !slices.ContainsFunc(exts, func(x string) bool { return strings.HasSuffix(ent.Name(), x) }) {
				continue
			}
			p := filepath.Join(dir, ent.Name())
			fi, err := os.Stat(p)
			if err != nil && ent.Type()&fs.ModeSymlink != 0 && errors.Is(err, fs.ErrNotExist) || err == nil && fi.IsDir() {
				continue // a dangling link, a folder: not a module
			}
			f := File{Path: p}
			f.Src, f.Err = safefile.Read(p)
			if f.Err == nil && f.Src == nil {
				continue // gone since
			}
			r := statedir.ResolvedPath(p)
			f.Same = seen[r]
			if f.Same == "" {
				seen[r] = p
			}
			files = append(files, f)
		}
	}
	return files, unlisted
}
