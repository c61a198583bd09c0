// Package fastcheck holds the checks every adapter's fast path runs
// against encoding/json: a fast decoder that accepts a payload must decode
// it exactly as json.Unmarshal does, a fast writer must write the bytes
// json.Encoder writes, and the key lists the fast decoders use to detect
// case-folded keys must name every field.
package fastcheck

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Decode runs fast on data and, when it accepts data, checks that
// json.Unmarshal decodes data into an equal value without error. It
// returns whether fast accepted data.
func Decode[T any](t testing.TB, data []byte, fast func([]byte, *T) bool) bool {
	t.Helper()
	var got, want T
	if !fast(data, &got) {
		return false
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("fast path accepted %q, which encoding/json rejects: %v", data, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("fast path decoded %q as\n%#v\nencoding/json as\n%#v", data, got, want)
	}
	return true
}

// Keys checks that keys are exactly the JSON names of T's fields
// (embedded structs included).
func Keys[T any](t testing.TB, keys []string) {
	t.Helper()
	want := names(reflect.TypeFor[T]())
	got := slices.Clone(keys)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%v: fast-path keys\n%q\nJSON names\n%q", reflect.TypeFor[T](), got, want)
	}
}

func names(typ reflect.Type) []string {
	var out []string
	for f := range typ.Fields() {
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case tag == "-":
		case f.Anonymous && tag == "":
			out = append(out, names(f.Type)...)
		case tag != "":
			out = append(out, tag)
		case f.IsExported():
			out = append(out, f.Name)
		}
	}
	return out
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
