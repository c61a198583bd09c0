package fastjson

import (
	"bytes"
	"encoding/json"
	"errors"
)

// The paths that use encoding/json: off the hot path (an error, an
// updated input).

// ErrNotObject is what [ObjectErr] returns for a valid JSON value that is
// not an object.
var ErrNotObject = errors.New("not a JSON object")

// ObjectErr says why [Object] refused data: [ErrNotObject] when data does
// not start with "{" after white space, else encoding/json's error for
// it. It returns nil for an object Object accepts.
func ObjectErr(data []byte) error {
	if _, ok := Object(data); ok {
		return nil
	}
	if i := skipSpace(data, 0); i >= len(data) || data[i] != '{' {
		return ErrNotObject
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	return errors.New("invalid JSON object") // not expected: Object and encoding/json disagree
}

// Merge returns the JSON object orig with the members of set written over
// it, for an updated tool input that must keep the arguments the unified
// types do not model. orig that is not one JSON object counts as {}; of
// its duplicate keys the last is kept, as the host reads it. Keys come out
// sorted, values compacted, HTML characters unescaped.
func Merge(orig []byte, set map[string]any) ([]byte, error) {
	m := make(map[string]any, 8+len(set))
	if d, ok := Object(orig); ok {
		d.Members(func(k string, v Value) bool {
			m[k] = json.RawMessage(v.Raw())
			return true
		})
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

// DecodeString decodes raw as json.Unmarshal into a string would; ok is
// false when raw is not a JSON string. The fast path ([StringValue])
// allocates once, for the string; encoding/json (four allocations) only
// reads what it cannot.
func DecodeString(raw []byte) (string, bool) {
	if s, ok := StringValue(raw); ok {
		return s, true
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}
