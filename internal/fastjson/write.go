package fastjson

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string exactly as encoding/json writes
// it: with escapeHTML, as json.Marshal does (<, > and & as \u003c, \u003e
// and \u0026); without, as an Encoder with SetEscapeHTML(false). Invalid
// UTF-8 becomes \ufffd; U+2028 and U+2029 are escaped.
func AppendString(dst []byte, s string, escapeHTML bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
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
		r, size := utf8.DecodeRuneInString(s[i:])
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
// they are added, as encoding/json writes a struct.
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

func (w *Writer) key(k string) {
	if !w.first {
		w.Buf = append(w.Buf, ',')
	}
	w.first = false
	w.Buf = AppendString(w.Buf, k, w.EscapeHTML)
	w.Buf = append(w.Buf, ':')
}
