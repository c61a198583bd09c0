package readfile

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Glob is [filepath.Glob] that reads at most max names of folders in
// all: it returns the same matches, or [ErrBound] when a folder it
// would list holds more names than are left. filepath.Glob lists every
// folder a pattern's elements reach whole (*/*/*/* over a tree of a
// million files lists them all), whatever the caller does with the
// matches; the model writes the pattern and can make the folders.
func Glob(pattern string, max int) ([]string, error) {
	g := globber{left: max}
	return g.glob(pattern, 0)
}

// GlobCount is [Glob] with limit for max that also returns how many
// names of folders it read (with ErrBound, those read before the folder
// past the bound).
func GlobCount(pattern string, limit int) ([]string, int, error) {
	g := globber{left: limit}
	ms, err := g.glob(pattern, 0)
	return ms, limit - max(g.left, 0), err
}

// globber holds how many names a Glob may still read.
type globber struct{ left int }

// maxGlobDepth bounds the folder elements of a pattern with meta
// characters, as filepath.Glob does.
const maxGlobDepth = 10000

// glob is filepath.Glob's globWithLimit.
func (g *globber) glob(pattern string, depth int) ([]string, error) {
	if _, err := filepath.Match(pattern, ""); err != nil {
		return nil, err
	}
	if depth == maxGlobDepth {
		return nil, filepath.ErrBadPattern
	}
	if !hasMeta(pattern) {
		if _, err := os.Lstat(pattern); err != nil {
			return nil, nil
		}
		return []string{pattern}, nil
	}
	dir, file := filepath.Split(pattern)
	volumeLen, dir := cleanGlobPath(dir)
	if !hasMeta(dir[volumeLen:]) {
		return g.match(dir, file, nil)
	}
	if dir == pattern {
		return nil, filepath.ErrBadPattern // no endless recursion
	}
	dirs, err := g.glob(dir, depth+1)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, d := range dirs {
		if out, err = g.match(d, file, out); err != nil {
			return out, err
		}
	}
	return out, nil
}

// match appends to out the names in folder dir that pattern matches,
// sorted, reading at most the names left.
func (g *globber) match(dir, pattern string, out []string) ([]string, error) {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return out, nil
	}
	d, err := Dir(dir)
	if err != nil {
		return out, nil
	}
	defer d.Close()
	names, _ := d.Readdirnames(g.left + 1)
	if len(names) > g.left {
		return out, ErrBound
	}
	g.left -= len(names)
	slices.Sort(names)
	for _, n := range names {
		ok, err := filepath.Match(pattern, n)
		if err != nil {
			return out, err
		}
		if ok {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return out, nil
}

// hasMeta reports whether p holds a meta character of filepath.Match.
func hasMeta(p string) bool {
	if runtime.GOOS == "windows" {
		return strings.ContainsAny(p, `*?[`)
	}
	return strings.ContainsAny(p, `*?[\`)
}

// cleanGlobPath is filepath.Glob's: the folder part of a pattern
// without its trailing separator, and the length of its volume name.
func cleanGlobPath(p string) (int, string) {
	vol := len(filepath.VolumeName(p))
	switch {
	case p == "":
		return 0, "."
	case vol+1 == len(p) && os.IsPathSeparator(p[len(p)-1]): // /, \, C:\ and C:/
		return vol + 1, p
	case runtime.GOOS == "windows" && vol == len(p) && len(p) == 2: // C:
		return vol, p + "."
	default:
		if vol >= len(p) {
			vol = len(p) - 1
		}
		return vol, p[:len(p)-1]
	}
}
