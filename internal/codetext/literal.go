package codetext

import "strings"

// Literal reads the string literal s starts with (Python's '…', "…",
// ”'…”', r'…', b'…'; JavaScript's '…', "…" and `…` without ${}) and
// returns its value and what follows; false when s starts with none, or
// with one whose value is known only at run time (an f-string with {}, a
// template with ${}) or an escape not read.
func Literal(s string) (val, rest string, ok bool) {
	raw, format := false, false
	for n := 0; n < 2 && len(s) > 1 && strings.IndexByte("rRbBuUfF", s[0]) >= 0; n++ {
		raw = raw || s[0] == 'r' || s[0] == 'R'
		format = format || s[0] == 'f' || s[0] == 'F'
		s = s[1:]
	}
	if format {
		defer func() {
			if strings.ContainsAny(val, "{}") {
				val, rest, ok = "", "", false // f"rm -rf {d}": known only at run time
			}
		}()
	}
	if s == "" || s[0] != '\'' && s[0] != '"' && s[0] != '`' {
		return "", "", false
	}
	q := s[:1]
	if strings.HasPrefix(s, q+q+q) {
		q = q + q + q
	}
	s = s[len(q):]
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.HasPrefix(s[i:], q) {
			v := b.String()
			if q == "`" && strings.Contains(v, "${") {
				return "", "", false
			}
			return v, s[i+len(q):], true
		}
		c := s[i]
		if c == '\n' && len(q) == 1 && q != "`" {
			return "", "", false
		}
		if c != '\\' || raw {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(s) {
			return "", "", false
		}
		i++
		switch s[i] {
		case '\\', '\'', '"', '`':
			b.WriteByte(s[i])
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		default:
			return "", "", false
		}
	}
	return "", "", false
}

// IsIdentByte reports whether c may be part of a name in Python,
// JavaScript, Ruby, Perl or PHP.
func IsIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// TrimBlank returns s without its leading spaces and tabs: what
// strings.TrimLeft(s, " \t") returns, without the set of bytes it builds
// at each call (a cost in the walk of every line).
func TrimBlank(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[i:]
}
