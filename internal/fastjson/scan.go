package fastjson

import (
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// unquote decodes the body of a valid JSON string exactly as encoding/json
// does: invalid UTF-8 and unpaired surrogates become U+FFFD.
func unquote(s string) string {
	b := make([]byte, 0, len(s)+utf8.UTFMax)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			switch s[i+1] {
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r := hex4(s[i+2 : i+6])
				i += 6
				if utf16.IsSurrogate(r) {
					if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
						if dec := utf16.DecodeRune(r, hex4(s[i+2:i+6])); dec != utf8.RuneError {
							b = utf8.AppendRune(b, dec)
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				b = utf8.AppendRune(b, r)
				continue
			default: // " \ /
				b = append(b, s[i+1])
			}
			i += 2
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			b = utf8.AppendRune(b, r)
			i += size
		}
	}
	return string(b)
}

// hex4 decodes four hex digits (already validated).
func hex4(s string) rune {
	var r rune
	for i := 0; i < 4; i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		default:
			c = c - 'A' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// skipSpace returns the index of the first non-white-space byte at or
// after i.
func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		break
	}
	return i
}

// skipValue returns the end of the valid JSON value starting at b[i].
func skipValue(b []byte, i int) (int, bool) {
	// Containers are walked with an explicit stack of their kinds.
	var stack [64]byte
	kinds := stack[:0]
	for {
		if i >= len(b) {
			return 0, false
		}
		// A value.
		switch c := b[i]; {
		case c == '{' || c == '[':
			kinds = append(kinds, c)
			i = skipSpace(b, i+1)
			if i < len(b) && (c == '{' && b[i] == '}' || c == '[' && b[i] == ']') {
				i++
				kinds = kinds[:len(kinds)-1]
				break
			}
			if c == '{' {
				var ok bool
				if i, ok = skipKey(b, i); !ok {
					return 0, false
				}
			}
			continue
		case c == '"':
			var ok bool
			if i, ok = skipString(b, i); !ok {
				return 0, false
			}
		case c == '-' || '0' <= c && c <= '9':
			var ok bool
			if i, ok = skipNumber(b, i); !ok {
				return 0, false
			}
		case c == 't':
			if !hasPrefix(b[i:], "true") {
				return 0, false
			}
			i += 4
		case c == 'f':
			if !hasPrefix(b[i:], "false") {
				return 0, false
			}
			i += 5
		case c == 'n':
			if !hasPrefix(b[i:], "null") {
				return 0, false
			}
			i += 4
		default:
			return 0, false
		}
		// After a value: close containers, or go on to the next element.
		for {
			if len(kinds) == 0 {
				return i, true
			}
			i = skipSpace(b, i)
			if i >= len(b) {
				return 0, false
			}
			top := kinds[len(kinds)-1]
			if b[i] == ',' {
				i = skipSpace(b, i+1)
				if top == '{' {
					var ok bool
					if i, ok = skipKey(b, i); !ok {
						return 0, false
					}
				}
				break
			}
			if top == '{' && b[i] == '}' || top == '[' && b[i] == ']' {
				i++
				kinds = kinds[:len(kinds)-1]
				continue
			}
			return 0, false
		}
	}
}

// skipKey skips `"key" :` and the white space after it.
func skipKey(b []byte, i int) (int, bool) {
	if i >= len(b) || b[i] != '"' {
		return 0, false
	}
	i, ok := skipString(b, i)
	if !ok {
		return 0, false
	}
	i = skipSpace(b, i)
	if i >= len(b) || b[i] != ':' {
		return 0, false
	}
	return skipSpace(b, i+1), true
}

// stringStop marks the bytes a JSON string cannot hold as they are: the
// quote that ends it, the backslash of an escape, and control characters.
// (A literal, so that nothing runs at start-up.)
var stringStop = [256]bool{
	0: true, 1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true, 9: true, 10: true, 11: true, 12: true, 13: true, 14: true, 15: true, 16: true, 17: true, 18: true, 19: true, 20: true, 21: true, 22: true, 23: true, 24: true, 25: true, 26: true, 27: true, 28: true, 29: true, 30: true, 31: true,
	'"': true, '\\': true,
}

// skipString returns the end of the valid JSON string starting at b[i].
func skipString(b []byte, i int) (int, bool) {
	for i++; i < len(b); i++ {
		// Most bytes are plain: eight at a time pass when none is a stop,
		// then one table load each.
		for i+8 <= len(b) {
			if m := stringStops(word(b, i)); m != 0 {
				i += first(m)
				break
			}
			i += 8
		}
		for i < len(b) && !stringStop[b[i]] {
			i++
		}
		if i >= len(b) {
			break
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c < ' ':
			return 0, false
		case c == '\\':
			i++
			if i >= len(b) {
				return 0, false
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(b) {
					return 0, false
				}
				for _, h := range b[i+1 : i+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return 0, false
					}
				}
				i += 4
			default:
				return 0, false
			}
		}
	}
	return 0, false
}

// scanString is skipString, and says whether the string is plain: ASCII
// without an escape, its text the string it holds. A plain string's
// bytes pass eight at a time up to its closing quote; at the first byte
// that is not plain, skipString reads the rest.
func scanString(b []byte, i int) (end int, plain, ok bool) {
	for i++; i+8 <= len(b); i += 8 {
		if m := plainStops(word(b, i)); m != 0 {
			i += first(m)
			break
		}
	}
	for i < len(b) && b[i] < utf8.RuneSelf && !stringStop[b[i]] {
		i++
	}
	if i < len(b) && b[i] == '"' {
		return i + 1, true, true
	}
	end, ok = skipString(b, i-1)
	return end, false, ok
}

// skipNumber returns the end of the valid JSON number starting at b[i].
func skipNumber(b []byte, i int) (int, bool) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		i = digits(b, i)
	default:
		return 0, false
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return 0, false
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return 0, false
		}
		i = j
	}
	return i, true
}

func digits(b []byte, i int) int {
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		i++
	}
	return i
}

func hasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

// quoteStop marks the bytes that end a run inside a string already
// validated: its closing quote and an escape's backslash.
var quoteStop = [256]bool{'"': true, '\\': true}

// skipValid returns the end of the value starting at b[i] in a document
// already validated (by Object or Parse), without checking it again: a
// string to its closing quote, a container to its matching bracket, a
// number or literal to the next delimiter.
func skipValid(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipValidString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = skipValidString(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return i
	}
	for i < len(b) {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i
		}
		i++
	}
	return i
}

// skipValidString is skipValid for a string.
func skipValidString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		for i+8 <= len(b) {
			if m := quoteStops(word(b, i)); m != 0 {
				i += first(m)
				break
			}
			i += 8
		}
		for i < len(b) && !quoteStop[b[i]] {
			i++
		}
		if i >= len(b) || b[i] == '"' {
			return i + 1
		}
		i++ // the escaped byte
	}
	return i
}

// The loops over a string's bytes pass eight at a time those words in
// which no byte is one they stop at, and go to the first that is: below
// and equal mark exactly whether a word holds such a byte, and which
// comes first (a byte past a marked one may be marked wrongly, never one
// before it).
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// word returns the eight bytes of s at i (i+8 <= len(s)), the first the
// lowest; the compiler makes it one load.
func word[S ~string | ~[]byte](s S, i int) uint64 {
	// Sliced first, so that one bounds check covers the eight constant
	// indexes (s[i+1] after s[i+7] was checked again for each byte).
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// first returns the place in its word of the first byte m marks.
func first(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// stringStops marks the bytes of w that stringStop holds.
func stringStops(w uint64) uint64 { return below(w, ' ') | equal(w, '"') | equal(w, '\\') }

// plainStops marks the bytes of w that stringStop holds, and those that
// are not ASCII: below(w, ' ') | w&highs in one subtraction (a byte
// under 0x20 wraps to 0xe0 or more, one from 0xa0 stays over 0x80).
func plainStops(w uint64) uint64 { return ((w-ones*' ')|w)&highs | equal(w, '"') | equal(w, '\\') }

// quoteStops marks the bytes of w that quoteStop holds.
func quoteStops(w uint64) uint64 { return equal(w, '"') | equal(w, '\\') }

// notAsIs marks the bytes of w that asIs does not hold.
func notAsIs(w uint64) uint64 { return w&highs | equal(w, '\\') }

// below is not 0 when a byte of w is less than n (n <= 128).
func below(w uint64, n byte) uint64 { return (w - ones*uint64(n)) &^ w & highs }

// equal is not 0 when a byte of w is c.
func equal(w uint64, c byte) uint64 {
	x := w ^ ones*uint64(c)
	return (x - ones) &^ x & highs
}
