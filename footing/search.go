package footing

import (
	"errors"
	"io/fs"
	"os"
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
	if !ok || strings.Contains(p.src, "RIPGREP_CONFIG_PATH") {
		return first, true // options from a file or the environment the command sets
	}
	m := matcher{re, s.Unicode()}
	abs := p.abs(start)
	fold := p.folded
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
			if m.tree(root) {
				return e, true
			}
		case inside:
			related = true
			if m.file(e.Path) {
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

// A matcher tells whether a search may print a file's name: re, and
// whether re may match less than the program on a text that is not all
// ASCII ([shell.Search.Unicode]).
type matcher struct {
	re      *regexp.Regexp
	unicode bool
}

// tree reports whether a file under root may match: one that does
// (matcher.file), or past maxSearchTree entries.
func (m matcher) tree(root string) bool {
	n, hit := 0, false
	err := readfile.Walk(root, maxSearchTree, func(p string, d fs.DirEntry, err error) error {
		switch n++; {
		case err != nil && p == root && errors.Is(err, fs.ErrNotExist):
			return fs.SkipAll // not there: nothing printed
		case err != nil || n > maxSearchTree || !d.IsDir() && m.file(p):
			hit = true
			return fs.SkipAll
		}
		return nil
	})
	return hit || err != nil
}

// file reports whether a search may print the name of the file at p:
// its text matches, or it is not a regular file, or is past
// maxSearchFile. A file that is not there is not printed.
func (m matcher) file(p string) bool {
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false
	case err != nil || !fi.Mode().IsRegular():
		return true
	}
	text, err := readfile.Regular(p, maxSearchFile)
	return err != nil || m.re.MatchString(text) || m.unicode && !ascii(text)
}

// ascii reports whether text is all ASCII.
func ascii(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			return false
		}
	}
	return true
}
