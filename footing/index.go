package footing

import (
	"path/filepath"
	"strings"
)

// matchIndex is what a clean absolute path must be, or begin with, to
// match an entry ([Set.match]), as sets of folded paths: a path not in
// them matches none, and is answered by a few lookups, not a comparison
// with each of the footing's hundred entries (issue 38: every word of
// inline code, of a command's text and of each Go file a command runs
// was compared with each entry).
type matchIndex struct {
	n     int             // the entries indexed (resolveLinks adds more)
	paths map[string]bool // every entry's path
	trees map[string]bool // the folder entries' paths
	holds map[string]bool // every folder that holds an entry (a holder's match)
}

// index returns the match index of the entries, made once, and grown
// with those resolveLinks adds.
func (s *Set) index() *matchIndex {
	es := s.Entries()
	x := s.idx
	if x != nil && x.n == len(es) {
		return x
	}
	if x == nil {
		x = &matchIndex{paths: make(map[string]bool, len(es)), trees: map[string]bool{}, holds: make(map[string]bool, len(es))}
		s.idx = x
	}
	for _, e := range es[x.n:] {
		ep := s.foldPath(e.Path)
		x.paths[ep] = true
		if e.Tree {
			x.trees[ep] = true
		}
		forDirs(ep, func(d string) bool {
			x.holds[d] = true
			return true
		})
	}
	x.n = len(es)
	return x
}

// mayMatch reports whether the clean absolute path p, folded, may match
// an entry: it is one, lies under a folder entry, or, with holder, holds
// one. False is certain; true is checked by the comparison with each
// entry.
func (x *matchIndex) mayMatch(p string, holder bool) bool {
	if x.paths[p] || holder && x.holds[p] {
		return true
	}
	if len(x.trees) == 0 {
		return false
	}
	return !forDirs(p, func(d string) bool { return !x.trees[d] })
}

// forDirs calls f with each folder above p as isUnder sees one: p up to
// each separator, without it and with it (a root such as "/" or `C:\`
// ends in one). It stops, and returns false, when f returns false.
func forDirs(p string, f func(string) bool) bool {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] != filepath.Separator {
			continue
		}
		if i > 0 && !f(p[:i]) || i+1 < len(p) && !f(p[:i+1]) {
			return false
		}
	}
	return true
}

// foldPath is p as the footing compares paths: lower-cased where the
// file system folds case.
func (s *Set) foldPath(p string) string {
	if s.fold {
		return strings.ToLower(p)
	}
	return p
}
