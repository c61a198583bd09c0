package footing

import (
	"path/filepath"
	"strings"
)

// Flags of a folded path in a matchIndex.
const (
	isEntry = 1 << iota // an entry's path
	isTree              // a folder entry's path
	holds               // a folder that holds an entry (a holder's match)
)

// indexAfter is the calls of Set.match answered by comparing the path
// with each entry before the index is made: a call that names a few
// paths (rm -rf build) does not pay for it.
const indexAfter = 16

// matchIndex is what a clean absolute path must be, or begin with, to
// match an entry ([Set.match]), as a set of folded paths: a path not in
// it matches none, and is answered by a few lookups, not a comparison
// with each of the footing's hundred entries (issue 38: every word of
// inline code, of a command's text and of each Go file a command runs
// was compared with each entry).
type matchIndex struct {
	n     int // the entries indexed (resolveLinks adds more)
	trees bool
	// rooted: a folder entry ends in a separator ("/", `C:\`), so that
	// a path's folders are looked up with their separator too.
	rooted bool
	paths  map[string]uint8 // isEntry, isTree and holds of each path
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
		x = &matchIndex{paths: make(map[string]uint8, 3*len(es))}
		s.idx = x
	}
	for _, e := range es[x.n:] {
		ep := s.foldPath(e.Path)
		x.paths[ep] |= isEntry
		if e.Tree {
			x.paths[ep] |= isTree
			x.trees = true
			x.rooted = x.rooted || strings.HasSuffix(ep, string(filepath.Separator))
		}
		forDirs(ep, func(d string) bool {
			x.paths[d] |= holds
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
	if f := x.paths[p]; f&isEntry != 0 || holder && f&holds != 0 {
		return true
	}
	if !x.trees {
		return false
	}
	if x.rooted {
		return !forDirs(p, func(d string) bool { return x.paths[d]&isTree == 0 })
	}
	// No folder entry ends in a separator: p up to each one, without it.
	for i := len(p) - 1; i > 0; i-- {
		if p[i] == filepath.Separator && x.paths[p[:i]]&isTree != 0 {
			return true
		}
	}
	return false
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

// join is filepath.Join, without its Clean (and the copies it makes)
// when the first element is a clean absolute path and the others clean
// relative ones: then they are joined by separators as they are (the
// footing's hundred paths, each word of a text made absolute, took a
// tenth of a call's instructions, issue 38).
func join(elem ...string) string {
	if filepath.Separator != '/' || len(elem) == 0 || !isClean(elem[0]) {
		return filepath.Join(elem...)
	}
	n := len(elem[0])
	for _, e := range elem[1:] {
		if !isCleanRel(e) {
			return filepath.Join(elem...)
		}
		n += 1 + len(e)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(elem[0])
	for i, e := range elem[1:] {
		if i > 0 || elem[0] != "/" {
			b.WriteByte('/')
		}
		b.WriteString(e)
	}
	return b.String()
}

// isCleanRel reports whether the slash-separated path p is relative and
// as filepath.Clean leaves it, "." aside: no empty, "." or ".." name.
func isCleanRel(p string) bool {
	return p != "" && p[0] != '/' && p[len(p)-1] != '/' && cleanNames(p)
}

// cleanNames reports whether none of the slash-separated names of p is
// empty, "." or "..".
func cleanNames(p string) bool {
	for p != "" {
		name, rest, _ := strings.Cut(p, "/")
		if name == "" || name == "." || name == ".." {
			return false
		}
		if rest == "" && len(name) < len(p) {
			return false // a trailing slash
		}
		p = rest
	}
	return true
}

// isClean reports whether the slash-separated path p is as
// filepath.Clean leaves it on a system whose separator is "/": no empty,
// "." or ".." name and no trailing slash, except "/" itself ("." and
// relative paths are not counted clean here).
func isClean(p string) bool {
	if p == "/" {
		return true
	}
	return p != "" && p[0] == '/' && p[len(p)-1] != '/' && cleanNames(p[1:])
}

// rel returns path relative to base, with forward slashes, when path is
// under base.
func rel(base, path string) (string, bool) {
	if base == "" || !isUnder(base, path) {
		return "", false
	}
	if filepath.Separator == '/' && isClean(path) {
		// A clean path under base: what follows base and its separator
		// is what filepath.Rel gives, without its two Cleans (each
		// entry's spellings from each folder took a thousand an op,
		// issue 38).
		return strings.TrimPrefix(path[len(base):], "/"), true
	}
	r, err := filepath.Rel(base, path)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(r), true
}
