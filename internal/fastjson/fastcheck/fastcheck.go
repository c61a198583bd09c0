// Package fastcheck holds the checks every adapter's fast path runs: a
// fast decoder must decode a payload exactly as Unmarshal, the reference
// below (encoding/json with exact, case-sensitive keys and the last of
// duplicate keys winning, as JavaScript's JSON.parse reads keys), does,
// and a fast writer must write the bytes json.Encoder writes.
package fastcheck

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Decode runs fast on data and checks it against Unmarshal: when fast
// accepts data, Unmarshal must decode data into an equal value without
// error; when Unmarshal accepts data, fast must too, unless data repeats
// a key of its object. It returns whether fast accepted data.
func Decode[T any](t testing.TB, data []byte, fast func([]byte, *T) bool) bool {
	t.Helper()
	var got, want T
	ok := fast(data, &got)
	err := Unmarshal(data, &want)
	if err != nil && strings.Contains(err.Error(), "exceeded max depth") {
		// Past encoding/json's nesting limit, which the fast path (and
		// JSON.parse) does not have: nothing to compare with.
		return ok
	}
	if ok && err != nil {
		t.Fatalf("fast path accepted %q, which the reference rejects: %v", data, err)
	}
	if !ok && err == nil && !repeatsKey(data) {
		// A payload that repeats a key may be refused: the fast path
		// stops on a value of the wrong type that a later duplicate
		// would replace ({"tool_name":{},"tool_name":""}), and the
		// payload is then an error. No host repeats its keys, and the
		// model writes none of them.
		t.Fatalf("fast path refused %q, which the reference reads as\n%#v", data, want)
	}
	if ok && !reflect.DeepEqual(got, want) {
		t.Fatalf("fast path decoded %q as\n%#v\nthe reference as\n%#v", data, got, want)
	}
	return ok
}

// Unmarshal decodes data into v, a pointer to a struct, as json.Unmarshal
// would if it matched keys exactly (no case folding) and kept the last of
// duplicate keys: JSON.parse's reading of keys. Nested structs (embedded,
// pointed to, in slices) are read the same way.
func Unmarshal(data []byte, v any) error {
	// Syntax only: a number out of float64's range in a member no field
	// reads is valid JSON, and JSON.parse reads it (as Infinity).
	if err := json.Unmarshal(data, new(json.RawMessage)); err != nil {
		return err
	}
	if !bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("{")) {
		return &json.UnmarshalTypeError{Value: "non-object", Type: reflect.TypeOf(v)}
	}
	return decode(data, reflect.ValueOf(v).Elem())
}

var rawType = reflect.TypeFor[json.RawMessage]()

// decode reads JSON data (valid) into rv exactly.
func decode(data []byte, rv reflect.Value) error {
	if rv.Type() == rawType {
		return json.Unmarshal(data, rv.Addr().Interface())
	}
	if string(bytes.TrimSpace(data)) == "null" {
		// As encoding/json: null leaves a value alone, clears a pointer,
		// slice or map.
		switch rv.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
			rv.SetZero()
		}
		return nil
	}
	switch {
	case rv.Kind() == reflect.Struct:
		var members map[string]json.RawMessage // exact keys, the last wins
		if err := json.Unmarshal(data, &members); err != nil {
			return err
		}
		return decodeStruct(members, rv)
	case rv.Kind() == reflect.Pointer && rv.Type().Elem().Kind() == reflect.Struct:
		if rv.IsNil() {
			rv.Set(reflect.New(rv.Type().Elem()))
		}
		return decode(data, rv.Elem())
	case rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() == reflect.Struct:
		var elems []json.RawMessage
		if err := json.Unmarshal(data, &elems); err != nil {
			return err
		}
		s := reflect.MakeSlice(rv.Type(), len(elems), len(elems))
		for i, e := range elems {
			if err := decode(e, s.Index(i)); err != nil {
				return err
			}
		}
		rv.Set(s)
		return nil
	}
	return json.Unmarshal(data, rv.Addr().Interface())
}

func decodeStruct(members map[string]json.RawMessage, rv reflect.Value) error {
	for i := range rv.NumField() {
		f := rv.Type().Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && tag == "" {
			if err := decodeStruct(members, rv.Field(i)); err != nil {
				return err
			}
			continue
		}
		if tag == "-" || !f.IsExported() {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		if raw, ok := members[tag]; ok {
			if err := decode(raw, rv.Field(i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// Encode checks that got is v as json.Encoder writes it (newline
// included), with HTML escaping or not.
func Encode(t testing.TB, got []byte, v any, escapeHTML bool) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, buf.Bytes()) {
		t.Fatalf("fast path wrote\n%s\nencoding/json\n%s", got, buf.Bytes())
	}
}

// Strings are texts that exercise JSON string encoding: quotes,
// backslashes, control characters, HTML characters, U+2028, invalid UTF-8
// and non-ASCII.
var Strings = []string{"", "plain", `a "quoted" \ path`, "line\nbreak\ttab\r\x00\x1f\b\f", "<b>&amp;</b>",
	"\u2028\u2029", "\xff\xfe bad", "h\u00e9llo \U0001F600"}

// ToolInput checks an adapter's reader of one tool's arguments against
// Unmarshal on raw: where Unmarshal reads raw into a W without error, read
// must return want(w), with an InputErr exactly when the policy's field
// key is absent or null (or, when mode is fastjson.Unique, appears more
// than once or also in another case).
func ToolInput[W any](t testing.TB, raw []byte, key string, mode fastjson.Mode, read func([]byte) (hooks.ToolInput, error), want func(*W) hooks.ToolInput) {
	t.Helper()
	var w W
	if Unmarshal(raw, &w) != nil {
		return
	}
	got, inputErr := read(raw)
	if exp := want(&w); !reflect.DeepEqual(got, exp) {
		t.Fatalf("%s: read %#v, reference %#v", raw, got, exp)
	}
	var n, variants int
	var last string
	d, _ := fastjson.Object(raw)
	d.Members(func(k string, v fastjson.Value) bool {
		if k == key {
			n++
			last = v.Kind()
		} else if strings.EqualFold(k, key) {
			variants++
		}
		return true
	})
	bad := n == 0 || last == "null" || mode == fastjson.Unique && (n > 1 || variants > 0)
	if (inputErr != nil) != bad {
		t.Fatalf("%s: InputErr %v; %q appears %d times (last %s), %d case variants", raw, inputErr, key, n, last, variants)
	}
}

// repeatsKey reports whether the JSON object data names a key twice.
func repeatsKey(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		k, ok := t.(string)
		if err != nil || !ok {
			return false
		}
		if seen[k] {
			return true
		}
		seen[k] = true
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return false
		}
	}
	return false
}
