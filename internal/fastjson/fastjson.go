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
	"strings"
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

// ObjectMembers is Object then Doc.Members in one pass over data: each
// member is validated when it is reached, and fn is given it then, so
// that fn may have been given the members before the one that makes
// data invalid. It returns false when data is not exactly one valid JSON
// object (white space around it allowed), or when fn returns false. For
// a reader that drops what fn stored when it returns false.
func ObjectMembers(data []byte, fn func(key string, v Value) bool) bool {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	s := string(data)
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return skipSpace(data, i+1) == len(data)
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return false
		}
		kEnd, plain, ok := scanString(data, i)
		if !ok {
			return false
		}
		j := skipSpace(data, kEnd)
		if j >= len(data) || data[j] != ':' {
			return false
		}
		v := Value{b: data, s: s, start: skipSpace(data, j+1)}
		if v.start < len(data) && data[v.start] == '"' {
			// Most values are strings: read as the keys are, so that
			// String need not read a plain one again.
			v.end, v.plain, ok = scanString(data, v.start)
		} else {
			v.end, ok = skipValue(data, v.start)
		}
		if !ok {
			return false
		}
		key := s[i+1 : kEnd-1]
		if !plain {
			key, _ = Value{b: data, s: s, start: i, end: kEnd}.String()
		}
		if !fn(key, v) {
			return false
		}
		vEnd := v.end
		i = skipSpace(data, vEnd)
		if i >= len(data) {
			return false
		}
		switch data[i] {
		case '}':
			return skipSpace(data, i+1) == len(data)
		case ',':
			i = skipSpace(data, i+1)
		default:
			return false
		}
	}
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
	return Value{b: data, s: string(data), start: i, end: end}, true
}

// Value is the raw text of one JSON value inside a Doc. It holds the
// document itself, not a pointer to the Doc, so that a Doc need not live
// on the heap.
type Value struct {
	b          []byte
	s          string
	start, end int
	// plain says the value is a string whose text holds no escape and
	// only ASCII: String gives it as it is, without reading it again.
	plain bool
}

// Members calls fn with every member of the document's top-level object,
// in order, duplicates included. Keys are unescaped and never case-folded
// (see the package documentation). Members returns false when fn does.
func (d *Doc) Members(fn func(key string, v Value) bool) bool {
	return Value{b: d.b, s: d.s, start: d.open, end: d.close + 1}.Members(fn)
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
		kEnd := skipValidString(b, i)
		key, _ := Value{b: v.b, s: v.s, start: i, end: kEnd}.String()
		vStart := skipSpace(b, skipSpace(b, kEnd)+1)
		vEnd := skipValid(b, vStart)
		if !fn(key, Value{b: v.b, s: v.s, start: vStart, end: vEnd}) {
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
		end := skipValid(b, i)
		if !fn(Value{b: v.b, s: v.s, start: i, end: end}) {
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
	return Value{b: d.b, s: d.s, start: d.open, end: d.close + 1}.Get(key)
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
	v := Value{b: d.b, s: d.s, start: d.open, end: d.close + 1}
	for _, k := range path {
		if v, ok = v.Get(k); !ok {
			return Value{}, false
		}
	}
	return v, true
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
