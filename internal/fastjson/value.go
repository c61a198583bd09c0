package fastjson

import (
	"strconv"
	"unicode/utf8"
)

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
		end := skipValid(b, i)
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
