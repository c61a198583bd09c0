package guard

import "github.com/agenthooks/hooks/internal/codetext"

// identSet is a filter of the names code holds: one bit for each run of
// identifier bytes (codetext.IsIdentByte) that cannot be longer, hashed
// by its length and its first and last bytes. A call's name is found in
// code (codeCommands, writeSites) only where its last run of identifier
// bytes is such a run of the code: the search for a name whose run has
// no bit set is skipped, and gives what it gave.
type identSet [4]uint64

// identByte is codetext.IsIdentByte as a table (data, made by the
// compiler: no work at start-up); TestIdentByteTable holds it to it.
var identByte = [256]bool{
	'$': true, '_': true, '0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true,
	'8': true, '9': true, 'A': true, 'B': true, 'C': true, 'D': true, 'E': true, 'F': true, 'G': true, 'H': true,
	'I': true, 'J': true, 'K': true, 'L': true, 'M': true, 'N': true, 'O': true, 'P': true, 'Q': true, 'R': true,
	'S': true, 'T': true, 'U': true, 'V': true, 'W': true, 'X': true, 'Y': true, 'Z': true, 'a': true, 'b': true,
	'c': true, 'd': true, 'e': true, 'f': true, 'g': true, 'h': true, 'i': true, 'j': true, 'k': true, 'l': true,
	'm': true, 'n': true, 'o': true, 'p': true, 'q': true, 'r': true, 's': true, 't': true, 'u': true, 'v': true,
	'w': true, 'x': true, 'y': true, 'z': true,
}

// identsOf returns the identSet of code.
func identsOf(code string) identSet {
	var s identSet
	for i := 0; i < len(code); {
		if !identByte[code[i]] {
			i++
			continue
		}
		j := i + 1
		for j < len(code) && identByte[code[j]] {
			j++
		}
		h := identHash(code[i:j])
		s[h>>6] |= 1 << (h & 63)
		i = j
	}
	return s
}

// codeIdents is identsOf of the last code asked (rules 4 and 5 ask of
// the same inline code).
type codeIdents struct {
	code string
	ids  identSet
	ok   bool
}

// of returns identsOf(code), remembered in m (a nil m: made each time).
func (m *codeIdents) of(code string) *identSet {
	if m == nil {
		s := identsOf(code)
		return &s
	}
	if !m.ok || m.code != code {
		m.code, m.ids, m.ok = code, identsOf(code), true
	}
	return &m.ids
}

// identHash is the bit of the identifier run r (not empty).
func identHash(r string) uint {
	return uint(len(r)*131+int(r[0])*31+int(r[len(r)-1])) & 255
}

// nameBit returns the bit of name's last run of identifier bytes for
// [identSet.has]: -1 when name ends in a byte that is no identifier's
// (the set says nothing of it). Names are looked up by their bit, made
// once with their tables.
func nameBit(name string) int {
	j := len(name)
	i := j
	for i > 0 && codetext.IsIdentByte(name[i-1]) {
		i--
	}
	if i == j {
		return -1
	}
	return int(identHash(name[i:j]))
}

// has reports whether code, whose identSet s is, may hold a name whose
// nameBit is bit where a call's name is looked for.
func (s *identSet) has(bit int) bool {
	return bit < 0 || s[bit>>6]&(1<<(bit&63)) != 0
}

// A callName is a name looked for in code, with its nameBit.
type callName struct {
	name string
	bit  int
}

// callNames returns names with their bits.
func callNames(names []string) []callName {
	out := make([]callName, len(names))
	for i, n := range names {
		out[i] = callName{n, nameBit(n)}
	}
	return out
}
