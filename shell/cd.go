package shell

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// cd applies a cd, pushd or popd to sc. A cd may fail (no such
// directory, no permission), and the commands after it run in the
// directory before it unless it was checked (cd x && …): sc keeps that
// one as its alternative (see cdAlt). With more than one operand bash's
// cd fails ("too many arguments") and the directory stays. Whether a
// directory is clean is remembered in clean (see joinDirIn); the
// alternative is kept in mem.
func cd(c *Command, sc *scope, clean *cleanDirs, mem *arena) {
	f := c.Flags(Spec{Short: "LPe@"})
	if len(f.Operands) > 1 && c.Name == "cd" {
		return
	}
	old := sc.dir
	var to Word
	switch {
	case c.Name == "popd":
		to = Word{Value: "${DIRSTACK[1]}", Dynamic: true} // the folder pushd left, known only at run time
	case len(f.Operands) == 0 && c.Name != "pushd":
		to = Word{Value: "~", Dynamic: true}
	case len(f.Operands) == 0, !f.Operands[0].Dynamic && f.Operands[0].Value == "-":
		to = Word{Value: "$OLDPWD", Dynamic: true}
	default:
		to = f.Operands[0]
	}
	if to.Dynamic && to.Prefix() == "" && !strings.HasPrefix(to.Value, "~") {
		// cd "$OLDPWD", cd "$(cat f)": whether it is absolute is known
		// only at run time, so the directory is the word, not joined to
		// the one before (which would claim it is under that one).
		sc.dir = to
	} else {
		sc.dir = joinDirIn(sc.dir, to, clean)
	}
	cdAlt(sc, old, mem)
}

// shadowed reports whether name, a cd, pushd or popd, may run something
// other than the builtin: a function or an alias of that name defined
// so far, or a builtin the script disabled (enable -n cd, after which
// bash runs a program cd found on the PATH: /usr/bin/cd on macOS, which
// changes no directory of the shell).
func (w *walker) shadowed(name Word, sc *scope) bool {
	if w.disabled {
		return true
	}
	_, fn := sc.funcs[name.Value]
	_, alias := sc.aliases[name.Value]
	return fn || alias
}

// allAnd reports whether s is a simple command or a chain of them
// joined by &&: when it succeeds, each of them did (a cd among them took
// effect). A call of a function of sc is one when the function's body
// is one such statement (f() { cd /tmp/x; }: f returns what its cd
// did); with more, its status is its last statement's, whatever a cd
// before did.
func (w *walker) allAnd(s *syntax.Stmt, sc *scope, depth int) bool {
	if s == nil || s.Negated || s.Background {
		return false
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			return true
		}
		return w.allAndFunc(c.Args[0].Lit(), sc, depth)
	case *syntax.BinaryCmd:
		return c.Op == syntax.AndStmt && w.allAnd(c.X, sc, depth) && w.allAnd(c.Y, sc, depth)
	}
	return false
}

// allAndFunc is allAnd for a simple command named name: true unless it
// calls a function of sc whose body is more than one such statement.
func (w *walker) allAndFunc(name string, sc *scope, depth int) bool {
	body, ok := sc.funcs[name]
	if !ok {
		return true
	}
	b, ok := body.Cmd.(*syntax.Block)
	return ok && len(b.Stmts) == 1 && depth < 8 && w.allAnd(b.Stmts[0], sc, depth+1)
}

// allAndCall is allAnd for the simple command of words args.
func (w *walker) allAndCall(args []Word, sc *scope) bool {
	return len(args) == 0 || args[0].Dynamic || w.allAndFunc(args[0].Value, sc, 0)
}

// dirAt is where the shell may be: dir, or alt when that is not nil
// (see scope).
type dirAt struct {
	dir Word
	alt *Word
}

// same reports whether sc may be where d says, and nowhere else.
func (d dirAt) same(sc *scope) bool {
	if !sc.dir.Equal(d.dir) || (sc.alt == nil) != (d.alt == nil) {
		return false
	}
	return sc.alt == nil || sc.alt.Equal(*d.alt)
}

// cdAlt records, after a cd from directory old, that the shell may
// still be in old. After a second unchecked cd the other directory is no
// longer one: it is known only at run time. The word is kept in mem (a
// nil mem: on the heap).
func cdAlt(sc *scope, old Word, mem *arena) {
	switch {
	case sc.dir.Equal(old):
	case sc.alt == nil:
		sc.alt = mem.word(old)
	case !sc.alt.Equal(sc.dir):
		sc.alt = &Word{Value: "$PWD", Dynamic: true}
	}
}

// joinDir returns p resolved against dir, both relative to where the
// script started ("" is that directory).
func joinDir(dir, p Word) Word {
	return joinDirIn(dir, p, nil)
}

// joinDirIn is joinDir with whether a directory is clean remembered in
// c (nil: not remembered): the walk joins each path after a cd to the
// same one or two directories.
func joinDirIn(dir, p Word, c *cleanDirs) Word {
	if dir.Value == "" || strings.HasPrefix(p.Value, "/") || (p.Dynamic && strings.HasPrefix(p.Value, "~")) {
		if !p.Dynamic {
			v := p.Value
			if len(v) > 1 && v[0] == '/' && cleanRel(v[1:]) {
				return p // what Clean gives
			}
			if v != "" && v[0] != '/' {
				// Relative with no directory: Clean drops leading "./"
				// and leaves a clean rest as it is.
				if q := trimDotSlash(v); q == "" || q == "." {
					return Static(".")
				} else if cleanRel(q) {
					return Static(q)
				}
			}
			return Static(path.Clean(v))
		}
		return p
	}
	if !dir.Dynamic && !p.Dynamic {
		if d := dir.Value; c.isClean(d) {
			switch q := trimDotSlash(p.Value); {
			case q == "." || q == "":
				return Static(d) // what Join gives, without allocating
			case d == "." && cleanRel(q):
				return Static(q) // what Join gives, without allocating
			case d != "." && d != "/" && cleanRel(q):
				return Static(c.join(d, q)) // what Join gives, in one allocation
			}
		}
		return Static(path.Join(dir.Value, p.Value))
	}
	v := c.join(dir.Value, p.Value)
	j := Word{Value: v, Dynamic: true}
	if dir.ext == nil && p.ext == nil {
		// Prefix and suffix are parts of both values: the joined word's
		// are parts of its value.
		pre, suf := int(dir.pre), int(p.suf)
		if !dir.Dynamic {
			pre = len(dir.Value) + 1 + int(p.pre)
		}
		if !p.Dynamic {
			suf = len(v) - len(dir.Value) + int(dir.suf)
		}
		j.setLens(pre, suf)
		return j
	}
	pre, suf := dir.Prefix(), p.Suffix()
	if !dir.Dynamic {
		pre = dir.Value + "/" + p.Prefix()
	}
	if !p.Dynamic {
		suf = dir.Suffix() + "/" + p.Value
	}
	j.setParts(pre, suf)
	return j
}

// trimDotSlash returns p without its leading "./" elements and the
// slashes after each: joined to a directory d, "./x" is what "x" is
// (path.Join(d, "./...") is d + "/...", go test ./...), and "./" is d.
func trimDotSlash(p string) string {
	for len(p) >= 2 && p[0] == '.' && p[1] == '/' {
		p = p[2:]
		for len(p) > 0 && p[0] == '/' {
			p = p[1:]
		}
	}
	return p
}

// cleanDirs remembers whether the last two directories asked about are
// clean, and holds the text of the paths joined to them.
type cleanDirs struct {
	dir   [2]string
	clean [2]bool
	next  int
	// text holds joined paths one after the other: a string cut from it
	// is never written again (a Builder only appends, and moves to a new
	// buffer when full), so a walk's joins take a few allocations, not
	// one each.
	text strings.Builder
}

// joinText is the largest buffer of cleanDirs.text: the first is 256
// bytes, each next one twice the last.
const joinText = 4 << 10

// join returns d + "/" + p, its text in c (on the heap when c is nil or
// the path is long).
func (c *cleanDirs) join(d, p string) string {
	n := len(d) + 1 + len(p)
	if c == nil || n > joinText/8 {
		return d + "/" + p
	}
	b, at := c.room(n)
	b.WriteString(d)
	b.WriteByte('/')
	b.WriteString(p)
	return b.String()[at:]
}

// room returns c.text with room for n more bytes, and where they start:
// what is written there is read as b.String()[at:] (see text).
func (c *cleanDirs) room(n int) (b *strings.Builder, at int) {
	if c.text.Cap()-c.text.Len() < n {
		size := max(min(max(2*c.text.Cap(), 256), joinText), n)
		c.text = strings.Builder{}
		c.text.Grow(size)
	}
	return &c.text, c.text.Len()
}

// isClean is isClean(d), remembered in c.
func (c *cleanDirs) isClean(d string) bool {
	if c == nil {
		return isClean(d)
	}
	for i, k := range c.dir {
		if k == d && k != "" { // a string compared with itself is quick
			return c.clean[i]
		}
	}
	ok := false
	for i, k := range c.dir {
		// A clean directory joined to a plain relative path is clean
		// (cd a && cd b && …): only the part after it is read.
		if c.clean[i] && k != "" && k != "/" && k != "." && len(d) > len(k)+1 && d[len(k)] == '/' &&
			d[:len(k)] == k && cleanRel(d[len(k)+1:]) {
			ok = true
			break
		}
	}
	if !ok {
		ok = isClean(d)
	}
	c.dir[c.next], c.clean[c.next] = d, ok
	c.next ^= 1
	return ok
}

// isClean reports whether path.Clean(d) == d, without Clean's pass over
// d when d is plainly clean (a directory is joined to every path after
// it).
func isClean(d string) bool {
	switch {
	case d == "/" || d == "." || cleanRel(d) || len(d) > 1 && d[0] == '/' && cleanRel(d[1:]):
		return true
	}
	return path.Clean(d) == d
}

// cleanRel reports whether p is a relative path that path.Clean leaves
// as it is and that has no ".." in it: joined to a clean directory with
// a slash, it is already what path.Join returns.
func cleanRel(p string) bool {
	if p == "" || p[0] == '/' || p[len(p)-1] == '/' {
		return false
	}
	for i := 0; i < len(p); {
		j := strings.IndexByte(p[i:], '/')
		if j < 0 {
			j = len(p) - i
		}
		switch p[i : i+j] {
		case "", ".", "..":
			return false
		}
		i += j + 1
	}
	return true
}
