// Package fastjson reads JSON objects and writes JSON strings without
// reflection, for the adapters' hot path.
//
// Keys are read the way JavaScript's JSON.parse reads them, which is how
// the hosts that write hook payloads and tool arguments read them:
// unescaped (`"comm\u0061nd"` is "command"), matched exactly, never folded
// to another case as encoding/json would. Members gives every member in
// order, so that a caller that stores each one keeps the last of
// duplicate keys, as JSON.parse does. [Field] and [Args] read the fields
// of a tool's arguments that a policy judges and say when they cannot be
// trusted. Object validates the whole document the way json.Unmarshal
// does before anything is read, except that it reads any depth (see
// [MaxDepth]). Only the paths off the hot path (an error's text, [Merge]
// for an updated input) use encoding/json.
package fastjson

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is encoding/json's nesting limit: json.Unmarshal refuses a
// document nested deeper. Object and Parse do not: the hosts read their
// payloads with JSON.parse, which has no such limit, so a payload the
// host accepted must be read whatever a model nested in a tool's
// arguments. [Deeper] tells such a value, which encoding/json (a
// handler's json.Unmarshal of the raw arguments) cannot read.
const MaxDepth = 10000

// Deeper reports whether the JSON text data (valid, as Object and Parse
// accept it) nests more than depth arrays and objects deep. It scans data
// once and allocates nothing; data shorter than 2*depth+2 bytes cannot
// nest that deep and is not scanned.
func Deeper(data []byte, depth int) bool {
	if len(data) < 2*depth+2 {
		return false
	}
	level := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			// Skip the string: to its closing quote, past escapes.
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			if level++; level > depth {
				return true
			}
		case '}', ']':
			level--
		}
	}
	return false
}

// Doc is a validated JSON object.
type Doc struct {
	b []byte // the document
	s string // string(b), so that strings are substrings of one copy
	// open and close are the offsets of the object's braces.
	open, close int
}

// Object returns data as a Doc when data is exactly one valid JSON object,
// with only JSON white space around it. It copies data into a string once.
func Object(data []byte) (Doc, bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return Doc{}, false
	}
	end, ok := skipValue(data, i)
	if !ok || skipSpace(data, end) != len(data) {
		return Doc{}, false
	}
	return Doc{b: data, s: string(data), open: i, close: end - 1}, true
}

// Parse returns data as a Value when data is exactly one valid JSON value
// of any type, with only JSON white space around it. It copies data into
// a string once.
func Parse(data []byte) (Value, bool) {
	i := skipSpace(data, 0)
	end, ok := skipValue(data, i)
	if !ok || skipSpace(data, end) != len(data) {
		return Value{}, false
	}
	return Value{data, string(data), i, end}, true
}

// Value is the raw text of one JSON value inside a Doc. It holds the
// document itself, not a pointer to the Doc, so that a Doc need not live
// on the heap.
type Value struct {
	b          []byte
	s          string
	start, end int
}

// Members calls fn with every member of the document's top-level object,
// in order, duplicates included. Keys are unescaped and never case-folded
// (see the package documentation). Members returns false when fn does.
func (d *Doc) Members(fn func(key string, v Value) bool) bool {
	return Value{d.b, d.s, d.open, d.close + 1}.Members(fn)
}

// Members is Doc.Members for an object value (false when v is not one).
func (v Value) Members(fn func(key string, v Value) bool) bool {
	b := v.b
	if v.start >= v.end || b[v.start] != '{' {
		return false
	}
	i := skipSpace(b, v.start+1)
	if b[i] == '}' {
		return true
	}
	for {
		// The document is valid: a key, a colon, a value, then , or }.
		kEnd, _ := skipString(b, i)
		key, _ := Value{v.b, v.s, i, kEnd}.String()
		vStart := skipSpace(b, skipSpace(b, kEnd)+1)
		vEnd, _ := skipValue(b, vStart)
		if !fn(key, Value{v.b, v.s, vStart, vEnd}) {
			return false
		}
		i = skipSpace(b, vEnd)
		if b[i] == '}' {
			return true
		}
		i = skipSpace(b, i+1)
	}
}

// Elements calls fn with every element of an array value, in order. It
// returns false when v is not an array or when fn returns false.
func (v Value) Elements(fn func(e Value) bool) bool {
	b := v.b
	if v.start >= v.end || b[v.start] != '[' {
		return false
	}
	i := skipSpace(b, v.start+1)
	if b[i] == ']' {
		return true
	}
	for {
		end, _ := skipValue(b, i)
		if !fn(Value{v.b, v.s, i, end}) {
			return false
		}
		i = skipSpace(b, end)
		if b[i] == ']' {
			return true
		}
		i = skipSpace(b, i+1)
	}
}

// Get returns the value of the last member of the document's object
// whose key is exactly key, the one JSON.parse keeps.
func (d *Doc) Get(key string) (Value, bool) {
	return Value{d.b, d.s, d.open, d.close + 1}.Get(key)
}

// Get is Doc.Get for an object value (false when v is not one).
func (v Value) Get(key string) (Value, bool) {
	var found Value
	var ok bool
	v.Members(func(k string, m Value) bool {
		if k == key {
			found, ok = m, true
		}
		return true
	})
	return found, ok
}

// Path returns the value at path in the JSON object data, each key read
// as Doc.Get reads it; ok is false when data is not one valid JSON object
// or a key is missing on the way.
func Path(data []byte, path ...string) (Value, bool) {
	d, ok := Object(data)
	if !ok {
		return Value{}, false
	}
	v := Value{d.b, d.s, d.open, d.close + 1}
	for _, k := range path {
		if v, ok = v.Get(k); !ok {
			return Value{}, false
		}
	}
	return v, true
}

// Kind names the JSON type of the value: "string", "number", "object",
// "array", "boolean" or "null".
func (v Value) Kind() string {
	switch c := v.s[v.start]; c {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// Raw returns the value's text, sharing the document's memory but capped
// so that appending to it cannot overwrite the document.
func (v Value) Raw() []byte { return v.b[v.start:v.end:v.end] }

// IsNull reports whether the value is null.
func (v Value) IsNull() bool { return v.s[v.start:v.end] == "null" }

// IsObject reports whether the value is an object.
func (v Value) IsObject() bool { return v.s[v.start] == '{' }

// String returns the value as encoding/json decodes a string: a substring
// of the document when it holds no escape and is valid UTF-8, else a new
// unescaped string. ok is false when the value is not a string.
func (v Value) String() (s string, ok bool) {
	raw := v.s[v.start:v.end]
	if raw[0] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	for i := 0; i < len(body); {
		c := body[i]
		if c == '\\' {
			return unquote(body), true
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(body[i:])
		if r == utf8.RuneError && size == 1 {
			return unquote(body), true
		}
		i += size
	}
	return body, true
}

// Bool returns the value of true or false; ok is false for anything else.
func (v Value) Bool() (b, ok bool) {
	switch v.s[v.start:v.end] {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// Int returns a number as encoding/json decodes it into an int: ok is
// false for a non-number, a fraction, an exponent or an overflow.
func (v Value) Int() (int, bool) {
	raw := v.s[v.start:v.end]
	if c := raw[0]; c != '-' && (c < '0' || c > '9') {
		return 0, false
	}
	n, err := strconv.ParseInt(raw, 10, strconv.IntSize)
	return int(n), err == nil
}

// Float returns a number as encoding/json decodes it into a float64; ok is
// false for a non-number or an overflow.
func (v Value) Float() (float64, bool) {
	raw := v.s[v.start:v.end]
	if c := raw[0]; c != '-' && (c < '0' || c > '9') {
		return 0, false
	}
	if n, ok := smallWhole(raw); ok {
		// Exact in a float64: no need for the general (and much slower)
		// conversion.
		return float64(n), true
	}
	f, err := strconv.ParseFloat(raw, 64)
	return f, err == nil
}

// smallWhole reads raw when it is only digits, at most 15 of them (below
// 10^15, so exact in a float64).
func smallWhole(raw string) (uint64, bool) {
	if len(raw) > 15 {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}

// Strings returns an array of strings as encoding/json decodes it into a
// []string: a non-nil slice (empty for []), null elements left "". ok is
// false when the value is not an array or an element is not a string or
// null.
func (v Value) Strings() ([]string, bool) {
	b := v.b
	if b[v.start] != '[' {
		return nil, false
	}
	out := []string{}
	i := skipSpace(b, v.start+1)
	if b[i] == ']' {
		return out, true
	}
	for {
		end, _ := skipValue(b, i)
		e := Value{v.b, v.s, i, end}
		if e.IsNull() {
			out = append(out, "")
		} else if s, ok := e.String(); ok {
			out = append(out, s)
		} else {
			return nil, false
		}
		i = skipSpace(b, end)
		if b[i] == ']' {
			return out, true
		}
		i = skipSpace(b, i+1)
	}
}

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

// skipString returns the end of the valid JSON string starting at b[i].
func skipString(b []byte, i int) (int, bool) {
	for i++; i < len(b); i++ {
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

// StringValue decodes data, which must be exactly one JSON string (white
// space around it allowed), as json.Unmarshal into a string would. ok is
// false for anything else, including null.
func StringValue(data []byte) (string, bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '"' {
		return "", false
	}
	end, ok := skipString(data, i)
	if !ok || skipSpace(data, end) != len(data) {
		return "", false
	}
	return Value{s: string(data[i:end]), end: end - i}.String()
}

// PathContains reports whether data, one JSON value, is a string that
// contains part once its backslashes are read as slashes (a Windows path
// in a POSIX spelling): strings.Contains(strings.ReplaceAll(s, `\`, "/"),
// part) on the string json.Unmarshal would give. part must hold no
// backslash. A string without escapes is read in place, without the
// allocation of decoding it.
func PathContains(data []byte, part string) bool {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '"' {
		return false
	}
	end, ok := skipString(data, i)
	if !ok || skipSpace(data, end) != len(data) {
		return false
	}
	body := data[i+1 : end-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		return bytes.Contains(body, []byte(part))
	}
	s, ok := StringValue(data)
	return ok && strings.Contains(strings.ReplaceAll(s, `\`, "/"), part)
}
