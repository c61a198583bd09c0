// Package jsonobj reads JSON objects the way the JavaScript hosts do
// (JSON.parse): keys match exactly (no case folding, unlike decoding into a
// Go struct with encoding/json), escapes in keys are decoded, and when a key
// appears twice the later value wins. Adapters pick each field by its exact
// name and check its type themselves, so that a side field of the wrong type
// is ignored and a field a policy reads is either read as the host reads it
// or reported as unreadable.
package jsonobj

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Object is a JSON object's members by exact key, each as raw JSON.
type Object map[string]json.RawMessage

// ErrNotObject is returned by Parse for data that is not one JSON object.
var ErrNotObject = errors.New("not a JSON object")

// Parse reads data, which must be exactly one JSON object (white space
// around it allowed). A duplicate key keeps its last value.
func Parse(data []byte) (Object, error) {
	if !IsObject(data) {
		return nil, ErrNotObject
	}
	// The fast path reads exactly what encoding/json's map decoding
	// reads (it gives up on keys with escapes, and on invalid documents).
	if d, ok := fastjson.Object(data); ok {
		o := make(Object, 16)
		if d.Members(func(k string, v fastjson.Value) bool { o[k] = v.Raw(); return true }) {
			return o, nil
		}
	}
	var o Object
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, err
	}
	return o, nil
}

// IsObject reports whether raw starts, after white space, with "{".
func IsObject(raw []byte) bool {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	return len(raw) > 0 && raw[0] == '{'
}

// Has reports whether key is present (with any value, null included).
func (o Object) Has(key string) bool {
	_, ok := o[key]
	return ok
}

// String returns the value of key when it is a JSON string, else "" (a side
// field of another type is ignored).
func (o Object) String(key string) string {
	s, _ := str(o[key])
	return s
}

// Bool returns the value of key when it is true, else false.
func (o Object) Bool(key string) bool {
	return string(bytes.TrimSpace(o[key])) == "true"
}

// Number returns the value of key when it is a JSON number.
func (o Object) Number(key string) (float64, bool) {
	raw := bytes.TrimSpace(o[key])
	if len(raw) == 0 || !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
		return 0, false
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil {
		return 0, false
	}
	return f, true
}

// Object returns the value of key when it is a JSON object; ok is false
// when it is absent or of another type.
func (o Object) Object(key string) (Object, bool) {
	raw, present := o[key]
	if !present || !IsObject(raw) {
		return nil, false
	}
	sub, err := Parse(raw)
	return sub, err == nil
}

// Required returns the value of key, which a policy reads (a command, a
// path, a file's content): an error says it is missing or not a string.
func (o Object) Required(key string) (string, error) {
	raw, present := o[key]
	if !present {
		return "", fmt.Errorf("%q is missing", key)
	}
	s, ok := str(raw)
	if !ok {
		return "", fmt.Errorf("%q is not a string (%s)", key, kind(raw))
	}
	return s, nil
}

// Optional returns the value of key when it is a string; absent (or null)
// is "" with no error, and any other type is an error. It serves fields a
// policy may read that the host does not require (an edit's new text).
func (o Object) Optional(key string) (string, error) {
	raw, present := o[key]
	if !present || string(bytes.TrimSpace(raw)) == "null" {
		return "", nil
	}
	s, ok := str(raw)
	if !ok {
		return "", fmt.Errorf("%q is not a string (%s)", key, kind(raw))
	}
	return s, nil
}

// Raw returns a copy of the raw value of key, or nil when absent or null.
func (o Object) Raw(key string) json.RawMessage {
	raw := bytes.TrimSpace(o[key])
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	return append(json.RawMessage(nil), raw...)
}

// Merge returns the JSON object o with the members of set written over
// it: the rest of o is kept as it was. Keys come out sorted.
func (o Object) Merge(set map[string]any) (json.RawMessage, error) {
	m := make(map[string]any, len(o)+len(set))
	for k, v := range o {
		m[k] = v
	}
	for k, v := range set {
		m[k] = v
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func str(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	if s, ok := fastjson.StringValue(raw); ok {
		return s, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// kind names the JSON type of raw, for error messages.
func kind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "empty"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
