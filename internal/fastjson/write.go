package fastjson

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string exactly as encoding/json writes
// it: with escapeHTML, as json.Marshal does (<, > and & as \u003c, \u003e
// and \u0026); without, as an Encoder with SetEscapeHTML(false). Invalid
// UTF-8 becomes \ufffd; U+2028 and U+2029 are escaped. s is a string or
// its bytes (written without a copy).
func AppendString[S ~string | ~[]byte](dst []byte, s S, escapeHTML bool) []byte {
	dst = append(dst, '"')
	safe := &plainSafe
	if escapeHTML {
		safe = &htmlSafe
	}
	start := 0
	for i := 0; i < len(s); {
		// A run of bytes written as they are: eight at a time while none
		// is to be escaped or is past ASCII, then one table load each.
		for i+8 <= len(s) {
			// unsafeIn, written out.
			w := word(s, i)
			m := plainStops(w)
			if escapeHTML {
				m |= htmlStops(w)
			}
			if m != 0 {
				i += first(m)
				break
			}
			i += 8
		}
		for i < len(s) && safe[s[i]] {
			i++
		}
		if i >= len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && (!escapeHTML || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		var rb [utf8.UTFMax]byte
		r, size := utf8.DecodeRune(rb[:copy(rb[:], s[i:])])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// Writer appends the members of one JSON object to a buffer, in the order
// they are added, as encoding/json writes a struct. The keys are the
// program's own names, written as they are: none may hold a byte that
// JSON escapes (a quote, a backslash, a control byte, <, > or &).
type Writer struct {
	// Buf is the output so far.
	Buf []byte
	// EscapeHTML is json.Marshal's escaping (see AppendString).
	EscapeHTML bool
	// first is true while the current object has no member yet.
	first bool
}

// Open starts an object, as a member named key when key is not "".
func (w *Writer) Open(key string) {
	if key != "" {
		w.key(key)
	}
	w.Buf = append(w.Buf, '{')
	w.first = true
}

// Close ends the current object.
func (w *Writer) Close() {
	w.Buf = append(w.Buf, '}')
	w.first = false
}

// String adds a string member.
func (w *Writer) String(key, s string) {
	w.key(key)
	w.Buf = AppendString(w.Buf, s, w.EscapeHTML)
}

// OptString adds a string member unless s is empty, as encoding/json's
// omitempty does.
func (w *Writer) OptString(key, s string) {
	if s != "" {
		w.String(key, s)
	}
}

// Bool adds a boolean member.
func (w *Writer) Bool(key string, b bool) {
	w.key(key)
	if b {
		w.Buf = append(w.Buf, "true"...)
	} else {
		w.Buf = append(w.Buf, "false"...)
	}
}

// key writes k, a name that JSON writes as it is (see Writer).
func (w *Writer) key(k string) {
	if !w.first {
		w.Buf = append(w.Buf, ',')
	}
	w.first = false
	w.Buf = append(w.Buf, '"')
	w.Buf = append(w.Buf, k...)
	w.Buf = append(w.Buf, '"', ':')
}

// unsafeIn is not 0 when a byte of w is not marked in plainSafe, or in
// htmlSafe with escapeHTML. AppendString's loop has it written out: a
// call there spilled and reloaded its registers for each word.
func unsafeIn(w uint64, escapeHTML bool) uint64 {
	m := plainStops(w)
	if escapeHTML {
		m |= htmlStops(w)
	}
	return m
}

// htmlStops marks the bytes of w that are <, > or &: < and > differ in
// one bit only.
func htmlStops(w uint64) uint64 { return equal(w|ones*2, '>') | equal(w, '&') }

// plainSafe and htmlSafe mark the ASCII bytes AppendString writes as they
// are, without and with escapeHTML (TestSafeTables). Literals, so that
// nothing runs at start-up.
var plainSafe = [256]bool{
	32: true, 33: true, 35: true, 36: true, 37: true, 38: true, 39: true, 40: true, 41: true, 42: true, 43: true, 44: true,
	45: true, 46: true, 47: true, 48: true, 49: true, 50: true, 51: true, 52: true, 53: true, 54: true, 55: true, 56: true,
	57: true, 58: true, 59: true, 60: true, 61: true, 62: true, 63: true, 64: true, 65: true, 66: true, 67: true, 68: true,
	69: true, 70: true, 71: true, 72: true, 73: true, 74: true, 75: true, 76: true, 77: true, 78: true, 79: true, 80: true,
	81: true, 82: true, 83: true, 84: true, 85: true, 86: true, 87: true, 88: true, 89: true, 90: true, 91: true, 93: true,
	94: true, 95: true, 96: true, 97: true, 98: true, 99: true, 100: true, 101: true, 102: true, 103: true, 104: true, 105: true,
	106: true, 107: true, 108: true, 109: true, 110: true, 111: true, 112: true, 113: true, 114: true, 115: true, 116: true, 117: true,
	118: true, 119: true, 120: true, 121: true, 122: true, 123: true, 124: true, 125: true, 126: true, 127: true,
}

var htmlSafe = [256]bool{
	32: true, 33: true, 35: true, 36: true, 37: true, 39: true, 40: true, 41: true, 42: true, 43: true, 44: true, 45: true,
	46: true, 47: true, 48: true, 49: true, 50: true, 51: true, 52: true, 53: true, 54: true, 55: true, 56: true, 57: true,
	58: true, 59: true, 61: true, 63: true, 64: true, 65: true, 66: true, 67: true, 68: true, 69: true, 70: true, 71: true,
	72: true, 73: true, 74: true, 75: true, 76: true, 77: true, 78: true, 79: true, 80: true, 81: true, 82: true, 83: true,
	84: true, 85: true, 86: true, 87: true, 88: true, 89: true, 90: true, 91: true, 93: true, 94: true, 95: true, 96: true,
	97: true, 98: true, 99: true, 100: true, 101: true, 102: true, 103: true, 104: true, 105: true, 106: true, 107: true, 108: true,
	109: true, 110: true, 111: true, 112: true, 113: true, 114: true, 115: true, 116: true, 117: true, 118: true, 119: true, 120: true,
	121: true, 122: true, 123: true, 124: true, 125: true, 126: true, 127: true,
}
