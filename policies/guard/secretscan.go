package guard

import (
	"path"
	"strings"
	"sync"
	"sync/atomic"
)

// builtinSecretPats returns [SecretFiles] read, once a process (on first
// use, not at start-up). Once read, it is one load, inlined where it is
// asked (for every word of most commands).
func builtinSecretPats() *secretIndex {
	if builtinSecretRead.Load() {
		return &builtinSecret
	}
	return readBuiltinSecretPats()
}

// readBuiltinSecretPats is builtinSecretPats the first time.
func readBuiltinSecretPats() *secretIndex {
	builtinSecretOnce.Do(func() {
		for _, pat := range SecretFiles() {
			builtinSecret.add(compileSecretPat(pat))
		}
		builtinSecret.needs()
		for c := range 256 {
			switch {
			case c == '\\' || c >= 0x80 || 'A' <= c && c <= 'Z':
				builtinSecret.class[c] = byteNotPlain
			case c == '/':
				builtinSecret.class[c] = byteSlash
			case c == '@':
				builtinSecret.class[c] = byteAt
			case c == '=':
				builtinSecret.class[c] = byteEq
			case c == ':':
				builtinSecret.class[c] = byteColon
			case c == '*' || c == '?' || c == '[':
				builtinSecret.class[c] = byteGlob
			}
		}
		builtinSecretRead.Store(true) // after the index is whole (the Once orders it before any Load that sees true)
	})
	return &builtinSecret
}

var (
	builtinSecretOnce sync.Once
	builtinSecretRead atomic.Bool // builtinSecret is read
	builtinSecret     secretIndex
)

// A secretIndex is secret patterns by what their name element needs of a
// name: its last byte (a plain name, or * then a suffix), its first (a
// prefix then *), or anything (path.Match's patterns, an empty element).
// A name is matched against the patterns it may match, not all of them.
// class is what scan looks for in a word, by byte.
type secretIndex struct {
	pats    []secretPat
	byLast  [256][]nameCand
	byFirst [256][]nameCand
	other   []uint8
	class   [256]uint8
	// need holds a byte of each name the index matches (see needs), and
	// anyWord is set when one of its names needs none; exact are its
	// names without a dot matched whole (_netrc).
	need    [256]bool
	anyWord bool
	exact   []string
	// exactLast holds the last byte of each of exact, in either case,
	// and the blank, dot and slash, which endsExact drops: a word that
	// ends in none ends in no exact name.
	exactLast [256]bool
	// afterDot holds, in either case, each byte that follows a dot in
	// the names the index matches (.env, .ssh, .pem, config.json: e, s,
	// p, j, …): a word whose dots are followed by none of them, and that
	// holds no byte of need, is none of those names.
	afterDot [256]bool
	// mayStop is stopNeed for need's bytes, stopDot for a dot that is
	// not one of them, 0 for any other byte: mayMatch's one table.
	mayStop [256]uint8
}

// The values of secretIndex.mayStop.
const (
	stopNeed = 1 + iota
	stopDot
)

// needs fills need, afterDot and exact: a word with none of need's
// bytes, no dot followed by a byte of afterDot, that ends in none of
// exact, is no credential file of the index's patterns, nor a .env file
// or a secret folder, whatever its case. A word that matches a pattern
// holds the text of each of its elements that is no glob of
// path.Match's (lower-cased): each dot in that text, with the byte after
// it, is in afterDot; a pattern with no such dot needs a dot and a slash
// (or a backslash, read as one), as a name without a dot matched whole
// is in exact and a prefix or a suffix without one needs its first byte;
// .env (IsEnvFile) and the folders of secretDirs add theirs; bytes past
// ASCII (which may lower-case to ASCII) are always needed. A pattern of
// path.Match's alone sets anyWord.
func (x *secretIndex) needs() {
	need := func(b byte) {
		x.need[b] = true
		if 'a' <= b && b <= 'z' {
			x.need[b-'a'+'A'] = true
		}
	}
	dots := func(lit string) bool {
		found := false
		for i := 0; i+1 < len(lit); i++ {
			if lit[i] == '.' {
				b := lit[i+1]
				x.afterDot[b] = true
				if 'a' <= b && b <= 'z' {
					x.afterDot[b-'a'+'A'] = true
				}
				found = true
			}
		}
		return found
	}
	need('\\')
	for c := 0x80; c < 256; c++ {
		x.need[c] = true
	}
	dots(".env")
	for _, d := range secretDirs {
		dots(d)
	}
	for _, sp := range x.pats {
		found := false
		for _, e := range sp.elems {
			if e.kind != 'm' && dots(e.lit) {
				found = true
			}
		}
		n := sp.elems[0]
		switch {
		case found:
		case len(sp.elems) > 1:
			need('.')
			need('/')
		case n.kind == 'm' || n.lit == "":
			x.anyWord = true
		case strings.IndexByte(n.lit, '.') >= 0:
			need('.') // a dot that ends the name (foo.)
		case n.kind == '=':
			x.exact = append(x.exact, n.lit)
			c := n.lit[len(n.lit)-1]
			x.exactLast[c], x.exactLast[' '], x.exactLast['.'], x.exactLast['/'] = true, true, true, true
			if 'a' <= c && c <= 'z' {
				x.exactLast[c-'a'+'A'] = true
			}
		default:
			need(n.lit[0])
		}
	}
	for c := range 256 {
		switch {
		case x.need[c]:
			x.mayStop[c] = stopNeed
		case c == '.':
			x.mayStop[c] = stopDot
		}
	}
}

// mayMatch reports whether w holds a byte x needs or ends in one of its
// exact names (case and trailing blanks aside): false when w is
// certainly no credential file of x's patterns, nor holds one after an
// @, = or :, each a suffix of w. Most words are neither: they are read
// here in one short loop, and scan reads the others.
func (x *secretIndex) mayMatch(w string) bool {
	if x.anyWord {
		return true
	}
	// One load a byte: most are in neither need nor a dot (mayStop).
	for i := 0; i < len(w); i++ {
		switch x.mayStop[w[i]] {
		case 0:
		case stopNeed:
			return true
		default: // a dot
			if i+1 < len(w) && x.afterDot[w[i+1]] {
				return true
			}
		}
	}
	return len(w) > 0 && x.exactLast[w[len(w)-1]] && x.endsExact(w)
}

// endsExact reports whether w ends in one of x's exact names, case and
// trailing blanks, dots and slashes aside.
func (x *secretIndex) endsExact(w string) bool {
	k := len(w)
	for k > 0 && (w[k-1] == ' ' || w[k-1] == '.' || w[k-1] == '/') {
		k-- // dropped as isSecret drops them (_netrc., _netrc/)
	}
	if k == 0 {
		return false
	}
	// The last byte first: equal as ASCII, case aside (|0x20), or past
	// ASCII, which strings.EqualFold may fold to one.
	w, last := w[:k], w[k-1]|0x20
	for _, n := range x.exact {
		if len(w) >= len(n) && (last == n[len(n)-1]|0x20 || last >= 0x80) && strings.EqualFold(w[len(w)-len(n):], n) {
			return true
		}
	}
	return false
}

// A nameCand is a pattern of a secretIndex by its name element, which a
// name is held to before the pattern is matched: most names are not its
// literal, nor end or start with it.
type nameCand struct {
	name namePat
	pat  uint8
}

// The classes of bytes scan looks for.
const (
	byteNotPlain = 1 + iota // upper case, a backslash, or not ASCII
	byteSlash
	byteAt
	byteEq
	byteColon
	byteGlob // * ? [
)

func (x *secretIndex) add(sp secretPat) {
	i := uint8(len(x.pats))
	x.pats = append(x.pats, sp)
	n := sp.elems[len(sp.elems)-1]
	switch {
	case n.lit == "" || n.kind == 'm':
		x.other = append(x.other, i)
	case n.kind == '=' || n.kind == '>':
		x.byLast[n.lit[len(n.lit)-1]] = append(x.byLast[n.lit[len(n.lit)-1]], nameCand{n, i})
	default:
		x.byFirst[n.lit[0]] = append(x.byFirst[n.lit[0]], nameCand{n, i})
	}
}

// A wordShape is what one pass over a word finds: whether it is plain
// (ASCII, no upper case, no backslash), and where its last /, @, =, :
// and glob byte are (-1: none).
type wordShape struct {
	plain                      bool
	slash, at, eq, colon, glob int
}

// after is the shape of w[i:], for a word w of shape sh: only what
// isSecret reads of it (plain, slash and glob).
func (sh wordShape) after(i int) wordShape {
	sh.slash = max(sh.slash-i, -1)
	sh.glob = max(sh.glob-i, -1)
	return sh
}

// scan reads w's shape.
func (x *secretIndex) scan(w string) wordShape {
	sh := wordShape{plain: true, slash: -1, at: -1, eq: -1, colon: -1, glob: -1}
	for i := 0; i < len(w); i++ {
		k := x.class[w[i]]
		if k == 0 {
			continue
		}
		switch k {
		case byteSlash:
			sh.slash = i
		case byteNotPlain:
			sh.plain = false
		case byteAt:
			sh.at = i
		case byteEq:
			sh.eq = i
		case byteColon:
			sh.colon = i
		case byteGlob:
			sh.glob = i
		}
	}
	return sh
}

// isSecret is IsSecretFile(p, extra), p of shape sh. A plain word is its
// own lower case; once its trailing dots and spaces are dropped, its name
// is what follows its last slash, unless it ends in one: it is read
// without a copy or a search.
func (x *secretIndex) isSecret(p string, sh wordShape, extra []string) bool {
	if !sh.plain {
		return isSecretAnyShape(p, extra)
	}
	n := len(p)
	for n > 0 && (p[n-1] == '.' || p[n-1] == ' ') {
		n-- // dropped, as Windows drops them (no slash nor glob byte is)
	}
	if n == 0 {
		return false // isSecretAnyShape's base is ".": none
	}
	if p[n-1] == '/' {
		if len(extra) == 0 && onlyDotsSlashes(p[:n]) {
			return false // ./... of go test, ../: a folder of dots, no credential's
		}
		return isSecretAnyShape(p, extra)
	}
	p = p[:n]
	base := p[sh.slash+1:] // neither "", ".", nor "/"
	// IsEnvFile of a plain name holds only when it starts with .env.
	if strings.HasPrefix(base, ".env") && IsEnvFile(base) {
		return true
	}
	if strings.HasSuffix(base, ".pub") {
		return false
	}
	// A glob in a name without a slash is in "." (path.Dir), no folder
	// of credentials.
	if secretDir(base) || sh.glob > sh.slash && sh.slash >= 0 && secretDir(path.Base(path.Dir(p))) {
		return true
	}
	return x.matchName(p, base) || len(extra) > 0 && extraMatch(extra, p, base)
}

// match reports whether p, whose name is base (never ""), matches one of
// the patterns (secretPat.match). A pattern of more than one element
// ignores the name of a path that ends in a slash: every pattern is
// matched then.
func (x *secretIndex) match(p, base string) bool {
	if strings.HasSuffix(p, "/") {
		for _, sp := range x.pats {
			if sp.match(p, base) {
				return true
			}
		}
		return false
	}
	return x.matchName(p, base)
}

// matchName is match for a p that does not end in a slash: only the
// patterns whose name element base may match are matched.
func (x *secretIndex) matchName(p, base string) bool {
	for _, c := range x.byLast[base[len(base)-1]] {
		if c.name.matches(base) && x.pats[c.pat].match(p, base) {
			return true
		}
	}
	for _, c := range x.byFirst[base[0]] {
		if c.name.matches(base) && x.pats[c.pat].match(p, base) {
			return true
		}
	}
	for _, i := range x.other {
		if x.pats[i].match(p, base) {
			return true
		}
	}
	return false
}

// onlyDotsSlashes reports whether p holds only dots and slashes.
func onlyDotsSlashes(p string) bool {
	for i := 0; i < len(p); i++ {
		if p[i] != '.' && p[i] != '/' {
			return false
		}
	}
	return true
}
