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
	if v.plain {
		return v.s[v.start+1 : v.end-1], true
	}
	raw := v.s[v.start:v.end]
	if raw[0] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	for i := 0; i < len(body); {
		// ASCII, not an escape: eight at a time, then one table load each.
		for i+8 <= len(body) {
			if m := notAsIs(word(body, i)); m != 0 {
				i += first(m)
				break
			}
			i += 8
		}
		for i < len(body) && asIs[body[i]] {
			i++
		}
		if i >= len(body) {
			break
		}
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
		e := Value{b: v.b, s: v.s, start: i, end: end}
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

// asIs marks the bytes of a validated JSON string that String keeps as
// they are: ASCII other than the backslash of an escape (TestAsIs). A
// literal, so that nothing runs at start-up.
var asIs = [256]bool{
	0: true, 1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true, 9: true, 10: true, 11: true, 12: true, 13: true,
	14: true, 15: true, 16: true, 17: true, 18: true, 19: true, 20: true, 21: true, 22: true, 23: true, 24: true, 25: true, 26: true, 27: true,
	28: true, 29: true, 30: true, 31: true, 32: true, 33: true, 34: true, 35: true, 36: true, 37: true, 38: true, 39: true, 40: true, 41: true,
	42: true, 43: true, 44: true, 45: true, 46: true, 47: true, 48: true, 49: true, 50: true, 51: true, 52: true, 53: true, 54: true, 55: true,
	56: true, 57: true, 58: true, 59: true, 60: true, 61: true, 62: true, 63: true, 64: true, 65: true, 66: true, 67: true, 68: true, 69: true,
	70: true, 71: true, 72: true, 73: true, 74: true, 75: true, 76: true, 77: true, 78: true, 79: true, 80: true, 81: true, 82: true, 83: true,
	84: true, 85: true, 86: true, 87: true, 88: true, 89: true, 90: true, 91: true, 93: true, 94: true, 95: true, 96: true, 97: true, 98: true,
	99: true, 100: true, 101: true, 102: true, 103: true, 104: true, 105: true, 106: true, 107: true, 108: true, 109: true, 110: true, 111: true, 112: true,
	113: true, 114: true, 115: true, 116: true, 117: true, 118: true, 119: true, 120: true, 121: true, 122: true, 123: true, 124: true, 125: true, 126: true,
	127: true,
}
