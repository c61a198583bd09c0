package guard

import "github.com/agenthooks/hooks/shell"

// writeIndex is what writtenBefore asks of a script's writes, found once
// a script and directory (issue 38): for the Writes that are not
// deletes, and for the commands' Writes and Unknown effects, the first
// index (of the write, or of the command) that writes a path known only
// at run time, that writes each resolved path, and that writes under
// each directory. Scanned once a delete, 3,500 writes then 3,500
// deletes took 10 s and 742 MB.
type writeIndex struct {
	s   *shell.Script
	dir string
	w   pathIndex // s.Writes, by write
	c   pathIndex // the commands' effects, by command
}

// A pathIndex holds the first index that writes each kind of path.
type pathIndex struct {
	dynamic int            // a path known only at run time (-1: none)
	at      map[string]int // the path itself
	under   map[string]int // a path under the key (see ancestors)
}

// add notes that index i writes p, resolved against dir.
func (x *pathIndex) add(i int, p shell.Word, dir string) {
	if p.Dynamic {
		if x.dynamic < 0 {
			x.dynamic = i
		}
		return
	}
	d := joinPath(dir, p.Value)
	if _, ok := x.at[d]; !ok {
		x.at[d] = i
	}
	ancestors(d, func(a string) {
		if _, ok := x.under[a]; !ok {
			x.under[a] = i
		}
	})
}

// hits reports whether an index below n writes a path known only at run
// time, abs, a path under abs, or a directory holding abs (what hits of
// writtenBefore counted, one write at a time).
func (x *pathIndex) hits(abs string, n int) bool {
	below := func(i int, ok bool) bool { return ok && i < n }
	if x.dynamic >= 0 && x.dynamic < n || below(lookup(x.at, abs)) || below(lookup(x.under, abs)) {
		return true
	}
	found := false
	ancestors(abs, func(a string) { found = found || below(lookup(x.at, a)) })
	return found
}

// lookup is m[k] with its presence.
func lookup(m map[string]int, k string) (int, bool) {
	i, ok := m[k]
	return i, ok
}

// ancestors calls f with each a for which within(a, p) is not "": each
// leading part of p that ends before a slash with more after it, and "/"
// for any p but "" and "/".
func ancestors(p string, f func(a string)) {
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && i+1 < len(p) && p[:i] != "/" {
			f(p[:i])
		}
	}
	if p != "" && p != "/" {
		f("/")
	}
}

// writes returns s's writeIndex from at's directory.
func (at *place) writes(s *shell.Script) *writeIndex {
	if m := at.writeMemo; m != nil && m.s == s && m.dir == at.dir {
		return m
	}
	m := &writeIndex{s: s, dir: at.dir,
		w: pathIndex{dynamic: -1, at: map[string]int{}, under: map[string]int{}},
		c: pathIndex{dynamic: -1, at: map[string]int{}, under: map[string]int{}}}
	for i, w := range s.Writes {
		if !w.Delete {
			m.w.add(i, w.Path, at.dir)
		}
	}
	for i, x := range s.Commands {
		for _, e := range x.Effects {
			if e.Kind == shell.Writes || e.Kind == shell.Unknown {
				m.c.add(i, e.Path, at.dir)
			}
		}
	}
	at.writeMemo = m
	return m
}
