package footing

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// maxSearchFile bounds the footing file read to tell whether a search
// (grep -l, rg -l) would print its name: a longer one may.
const maxSearchFile = 4 << 20

// searchTouches returns the footing entry whose name a search of the
// files under start would print ([shell.Search]: grep -rl X . | xargs
// sed -i): one under start whose text matches a pattern, read now. A
// tree of the footing under start or holding it, an entry reached
// through a link, a file past maxSearchFile or a pattern that cannot be
// read as the program reads it may be printed.
func (p *place) searchTouches(start string, s shell.Search) (Entry, bool) {
	first, ok := p.Touches(start, true)
	if !ok {
		return Entry{}, false
	}
	re, ok := s.Regexp()
	if !ok {
		return first, true
	}
	abs := p.abs(start)
	fold := func(s string) string {
		if p.fold {
			return strings.ToLower(s)
		}
		return s
	}
	related := false
	for _, e := range p.Entries() {
		inside := fold(e.Path) == fold(abs) || isUnder(fold(abs), fold(e.Path))
		switch {
		case e.Tree && (inside || isUnder(fold(e.Path), fold(abs))):
			related = true
			root := e.Path
			if !inside {
				root = abs // a search of a folder in the tree
			}
			if treeMatches(root, re) {
				return e, true
			}
		case inside:
			related = true
			if fileMatches(e.Path, re) {
				return e, true
			}
		}
	}
	if !related {
		return first, true // reached through a link
	}
	return Entry{}, false
}

// maxSearchTree bounds the entries of a footing tree read for a search.
const maxSearchTree = 256

// treeMatches reports whether a file under root may match re: one that
// does (fileMatches), or past maxSearchTree entries.
func treeMatches(root string, re *regexp.Regexp) bool {
	n, hit := 0, false
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch n++; {
		case err != nil && p == root && errors.Is(err, fs.ErrNotExist):
			return fs.SkipAll // not there: nothing printed
		case err != nil || n > maxSearchTree || !d.IsDir() && fileMatches(p, re):
			hit = true
			return fs.SkipAll
		}
		return nil
	})
	return hit || err != nil
}

// fileMatches reports whether a search may print the name of the file at
// p: its text matches re, or it is not a regular file, or is past
// maxSearchFile. A file that is not there is not printed.
func fileMatches(p string, re *regexp.Regexp) bool {
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false
	case err != nil || !fi.Mode().IsRegular():
		return true
	}
	text, err := readfile.Regular(p, maxSearchFile)
	return err != nil || re.MatchString(text)
}
