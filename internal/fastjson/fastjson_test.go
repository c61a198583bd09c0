package fastjson

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// seeds are documents with the shapes and the edge cases Object must
// accept exactly when encoding/json does, and Members and Get must read
// as encoding/json decodes an object into a map (exact, unescaped keys,
// the last duplicate winning: JSON.parse's reading).
var seeds = []string{
	`{}`, ` { } `, `{"a":1}`, `{"a":"b","a":"c"}`, `{"A":"x","a":"y"}`,
	`{"s":"plain","n":-1.5e3,"t":true,"f":false,"z":null,"o":{"k":[1,2,{"x":[]}]},"e":[]}`,
	`{"esc":"a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\ud83d\ude00"}`,
	`{"lone":"\ud800","pair_bad":"\ud800\u0041","rev":"\udc00\ud800","hi":"\uDBFF\uDFFF"}`,
	"{\"bad_utf8\":\"\xff\xfe ok \xe2\x82\"}", "{\"utf8\":\"h\u00e9llo \u2028 \u2029 \U0001F600\"}",
	`{"html":"<a href=\"x\">&amp;</a>"}`, `{"k\u0065y":1}`, "{\"k\xc3\xa9\":1}",
	`{"arr":["a",null,"b"]}`, `{"arr":["a",1]}`, `{"i":12,"big":123456789012345678901234567890,"frac":1.0,"exp":1e2}`,
	`{"ms":30000,"zero":0,"negzero":-0,"max15":999999999999999,"d16":1234567890123456,"neg":-42}`,
	`{"a":1}x`, `{"a":1} {"b":2}`, `{"a":}`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `[1]`, `"s"`, `1`, `null`, ``, ` `,
	`{"a":01}`, `{"a":1.}`, `{"a":.5}`, `{"a":-}`, `{"a":1e}`, `{"a":tru}`, `{"a":nul}`, `{"a":"\x"}`, `{"a":"\u12"}`,
	"{\"a\":\"tab\there\"}", `{"a":[1,2,]}`, `{"a":[1 2]}`, `{"a":{"b":1}`, `{"a":1}}`, "\ufeff{}",
	`{"a":` + strings.Repeat("[", 1200) + strings.Repeat("]", 1200) + `}`,
}

func FuzzObject(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkObject(t, data)
	})
}

func TestObject(t *testing.T) {
	for _, s := range seeds {
		checkObject(t, []byte(s))
	}
	// Documents the fast path must accept.
	for _, s := range []string{`{}`, `{"a":1}`, `{"esc":"a\"b\u00e9"}`, "\t{\"a\" : [ 1 , {\"b\" : null} ] }\n"} {
		if _, ok := Object([]byte(s)); !ok {
			t.Errorf("Object(%q) refused a valid object", s)
		}
	}
}

// checkObject compares Object and Members with encoding/json on data.
func checkObject(t *testing.T, data []byte) {
	d, ok := Object(data)
	// ObjectMembers accepts what Object accepts, and gives what Members
	// gives, in the same order.
	// A string value's String is the same, read as plain or not.
	type member struct{ key, raw, str string }
	var one, two []member
	oneOK := ObjectMembers(data, func(k string, v Value) bool {
		str, _ := v.String()
		one = append(one, member{k, string(v.Raw()), str})
		return true
	})
	if oneOK != ok {
		t.Fatalf("%q: ObjectMembers %v, Object %v", data, oneOK, ok)
	}
	if ok {
		d.Members(func(k string, v Value) bool {
			str, _ := v.String()
			two = append(two, member{k, string(v.Raw()), str})
			return true
		})
		if !slices.Equal(one, two) {
			t.Fatalf("%q: ObjectMembers gave %q, Members %q", data, one, two)
		}
	}
	var want map[string]json.RawMessage
	err := json.Unmarshal(data, &want)
	if err != nil && strings.Contains(err.Error(), "exceeded max depth") {
		// Past encoding/json's limit, which Object does not have (see
		// TestDeep).
		if ok && !Deeper(data, MaxDepth) {
			t.Fatalf("Object accepted %q, which is not deeper than MaxDepth", data)
		}
		return
	}
	jsonOK := err == nil && bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("{"))
	if ok && !jsonOK {
		t.Fatalf("Object accepted %q, which encoding/json rejects as an object", data)
	}
	if !ok {
		if jsonOK {
			t.Fatalf("Object refused %q, a valid object", data)
		}
		return
	}
	// In a validated document, skipValid finds every value's end as the
	// validating skipValue does.
	for i := d.open; i <= d.close; i++ {
		if c := data[i]; c == '{' || c == '[' || c == '"' && i > 0 && (data[i-1] == ':' || data[i-1] == '[' || data[i-1] == ',') {
			if end, ok := skipValue(data, i); ok {
				if got := skipValid(data, i); got != end {
					t.Fatalf("%q: skipValid at %d = %d, skipValue %d", data, i, got, end)
				}
			}
		}
	}
	// encoding/json decodes an object into a map with its keys unescaped
	// and exact, the last of duplicates kept: JSON.parse's reading.
	got := map[string]json.RawMessage{}
	d.Members(func(key string, v Value) bool {
		got[key] = v.Raw()
		checkValue(t, v)
		return true
	})
	if len(got) != len(want) {
		t.Fatalf("%q: members %v, encoding/json %v", data, got, want)
	}
	for k, w := range want {
		if g, ok := got[k]; !ok || !bytes.Equal(g, w) {
			t.Fatalf("%q: member %q = %q, encoding/json %q", data, k, g, w)
		}
		if v, ok := d.Get(k); !ok || !bytes.Equal(v.Raw(), w) {
			t.Fatalf("%q: Get(%q) = %q, encoding/json %q", data, k, v.Raw(), w)
		}
	}
}

// checkValue compares the typed readers of v with encoding/json.
func checkValue(t *testing.T, v Value) {
	raw := v.Raw()
	if s, ok := v.String(); ok {
		var w string
		if err := json.Unmarshal(raw, &w); err != nil || s != w {
			t.Fatalf("String(%q) = %q, encoding/json %q (%v)", raw, s, w, err)
		}
	} else if raw[0] == '"' {
		t.Fatalf("String(%q) refused a string", raw)
	}
	if b, ok := v.Bool(); ok {
		var w bool
		if err := json.Unmarshal(raw, &w); err != nil || b != w {
			t.Fatalf("Bool(%q) = %v, encoding/json %v (%v)", raw, b, w, err)
		}
	}
	var wi int
	errI := json.Unmarshal(raw, &wi)
	if n, ok := v.Int(); ok != (errI == nil && !v.IsNull()) || ok && n != wi {
		t.Fatalf("Int(%q) = %d %v, encoding/json %d (%v)", raw, n, ok, wi, errI)
	}
	var wf float64
	errF := json.Unmarshal(raw, &wf)
	if x, ok := v.Float(); ok != (errF == nil && !v.IsNull()) || ok && x != wf {
		t.Fatalf("Float(%q) = %v %v, encoding/json %v (%v)", raw, x, ok, wf, errF)
	}
	var ws []string
	errS := json.Unmarshal(raw, &ws)
	if ss, ok := v.Strings(); ok != (errS == nil && !v.IsNull()) || ok && (strings.Join(ss, "\x00") != strings.Join(ws, "\x00") || len(ss) != len(ws) || ws == nil) {
		t.Fatalf("Strings(%q) = %q %v, encoding/json %q (%v)", raw, ss, ok, ws, errS)
	}
	if v.IsObject() {
		v.Members(func(_ string, e Value) bool { checkValue(t, e); return true })
	}
}

func FuzzStringValue(f *testing.F) {
	for _, s := range []string{`"x"`, ` "a\nb" `, `"\ud800"`, "\"\xff\"", `null`, `1`, `"a" "b"`, `"unterminated`, `""`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := StringValue(data)
		var want string
		err := json.Unmarshal(data, &want)
		isString := bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte(`"`))
		if ok != (err == nil && isString) || ok && got != want {
			t.Fatalf("StringValue(%q) = %q %v; encoding/json %q %v", data, got, ok, want, err)
		}
	})
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "<a>&b", "\x00\x01\b\f\n\r\t\x1f\x7f", "\xff\xfe", "\u2028\u2029", "h\u00e9 \U0001F600", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s, true); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q, html) = %s, json.Marshal %s", s, got, want)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		if got := AppendString(nil, s, false); !bytes.Equal(got, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))) {
			t.Fatalf("AppendString(%q) = %s, Encoder %s", s, got, buf.Bytes())
		}
	})
}

func TestWriter(t *testing.T) {
	w := Writer{EscapeHTML: true}
	w.Open("")
	w.String("a", "<x>")
	w.Open("o")
	w.Bool("t", true)
	w.Bool("f", false)
	w.Close()
	w.String("b", "")
	w.Close()
	want := `{"a":"\u003cx\u003e","o":{"t":true,"f":false},"b":""}`
	if string(w.Buf) != want {
		t.Errorf("got %s, want %s", w.Buf, want)
	}
}

// TestSet compares the Set methods with encoding/json decoding a struct of
// every supported field type, on each value of a set of documents.
func TestSet(t *testing.T) {
	for _, val := range []string{`"x"`, `"a\nb"`, `null`, `true`, `false`, `12`, `-3`, `1.5`, `1e400`, `[]`, `["a",null]`, `[1]`, `{}`} {
		doc := []byte(`{"v":` + val + `}`)
		d, ok := Object(doc)
		if !ok {
			t.Fatalf("Object(%s) refused", doc)
		}
		d.Members(func(_ string, v Value) bool {
			pre := "pre"
			check := func(name string, ok bool, got, want any, err error) {
				t.Helper()
				if v.IsNull() {
					// null stores the zero value (the last key decides).
					want = reflect.Zero(reflect.TypeOf(want)).Interface()
				}
				if ok != (err == nil) {
					t.Errorf("%s(%s): ok %v, encoding/json error %v", name, val, ok, err)
				} else if ok && !equalJSON(got, want) {
					t.Errorf("%s(%s) = %#v, encoding/json %#v", name, val, got, want)
				}
			}
			{
				g, w := pre, pre
				check("SetString", v.SetString(&g), g, w, json.Unmarshal(v.Raw(), &w))
			}
			{
				g, w := &pre, &pre
				gp, wp := g, w
				check("SetStringPtr", v.SetStringPtr(&gp), gp, wp, json.Unmarshal(v.Raw(), &wp))
			}
			{
				g, w := true, true
				check("SetBool", v.SetBool(&g), g, w, json.Unmarshal(v.Raw(), &w))
			}
			{
				g, w := 7, 7
				check("SetInt", v.SetInt(&g), g, w, json.Unmarshal(v.Raw(), &w))
			}
			{
				g, w := 7.0, 7.0
				check("SetFloat", v.SetFloat(&g), g, w, json.Unmarshal(v.Raw(), &w))
			}
			{
				var g, w []string
				check("SetStrings", v.SetStrings(&g), g, w, json.Unmarshal(v.Raw(), &w))
				if old := []string{"old", "older"}; v.SetStrings(&old) && !equalJSON(old, g) {
					t.Errorf("SetStrings(%s) into a non-nil slice = %q, want %q", val, old, g)
				}
			}
			return true
		})
	}
}

// equalJSON compares two decoded values, telling nil from empty slices
// and comparing pointers by what they point to.
func equalJSON(a, b any) bool {
	switch x := a.(type) {
	case *string:
		y := b.(*string)
		return (x == nil) == (y == nil) && (x == nil || *x == *y)
	case []string:
		y := b.([]string)
		return (x == nil) == (y == nil) && strings.Join(x, "\x00") == strings.Join(y, "\x00") && len(x) == len(y)
	}
	return a == b
}

// Object reads a document nested deeper than encoding/json's limit, as
// the hosts' JSON.parse does, and Deeper tells it; a model nests a tool's
// arguments as deep as it likes.
func TestDeep(t *testing.T) {
	deep := func(n int, inner string) string {
		return strings.Repeat(`{"a":[`, n) + inner + strings.Repeat(`]}`, n)
	}
	for _, tc := range []struct {
		doc  string
		want bool // deeper than MaxDepth
	}{
		{`{"command":"ls","x":` + deep(MaxDepth/2, "1") + `}`, true},
		{`{"command":"ls","x":` + deep(MaxDepth/2-1, "1") + `}`, false},
		{`{"x":"` + strings.Repeat("[", 3*MaxDepth) + `"}`, false},
		{`{"x":"` + strings.Repeat(`\"[`, 3*MaxDepth) + `"}`, false},
	} {
		d, ok := Object([]byte(tc.doc))
		if !ok {
			t.Fatalf("Object refused a valid document %.40q…", tc.doc)
		}
		if got := Deeper([]byte(tc.doc), MaxDepth); got != tc.want {
			t.Errorf("Deeper(%.40q…) = %v, want %v", tc.doc, got, tc.want)
		}
		if v, ok := d.Get("command"); ok {
			if s, _ := v.String(); s != "ls" {
				t.Errorf("command = %q", s)
			}
		}
		var v any
		jsonDeep := json.Unmarshal([]byte(tc.doc), &v) != nil
		if jsonDeep != tc.want {
			t.Errorf("%.40q…: encoding/json refuses it: %v, Deeper says %v", tc.doc, jsonDeep, tc.want)
		}
	}
	// 8 MiB of nesting, the payload cap: read without recursion.
	if _, ok := Parse([]byte(strings.Repeat("[", 4<<20) + strings.Repeat("]", 4<<20))); !ok {
		t.Error("Parse refused 4 Mi nested arrays")
	}
}

func TestDecodeString(t *testing.T) {
	for _, raw := range []string{`"a"`, ` "a\u00e9\n" `, `"\ud800x"`, "\"\xff\"", `null`, `1`, `"bad`, `"a" "b"`, ``, `["a"]`} {
		var want string
		wantOK := json.Unmarshal([]byte(raw), &want) == nil && strings.HasPrefix(strings.TrimSpace(raw), `"`)
		if got, ok := DecodeString([]byte(raw)); got != want || ok != wantOK {
			t.Errorf("DecodeString(%q) = %q, %v; want %q, %v", raw, got, ok, want, wantOK)
		}
	}
}

// TestStringStop: the table skipString reads holds exactly the bytes a
// JSON string cannot hold as they are.
func TestStringStop(t *testing.T) {
	for c := range 256 {
		want := c < ' ' || c == '"' || c == '\\'
		if stringStop[c] != want {
			t.Errorf("stringStop[%#x] = %v, want %v", c, stringStop[c], want)
		}
	}
}

// TestSafeTables: the tables AppendString reads hold exactly the ASCII
// bytes it writes as they are.
func TestSafeTables(t *testing.T) {
	for c := range 256 {
		plain := c >= ' ' && c < utf8.RuneSelf && c != '"' && c != '\\'
		html := plain && c != '<' && c != '>' && c != '&'
		if plainSafe[c] != plain || htmlSafe[c] != html {
			t.Errorf("byte %#x: plainSafe %v htmlSafe %v, want %v %v", c, plainSafe[c], htmlSafe[c], plain, html)
		}
	}
}

// TestAsIs: the table String reads holds exactly the ASCII bytes other
// than the backslash.
func TestAsIs(t *testing.T) {
	for c := range 256 {
		if want := c < utf8.RuneSelf && c != '\\'; asIs[c] != want {
			t.Errorf("asIs[%#x] = %v, want %v", c, asIs[c], want)
		}
	}
}

// TestWords: the word tests of the loops over a string's bytes find a
// byte exactly when the tables do, whatever its place in the word and
// the bytes around it.
func TestWords(t *testing.T) {
	var plainStop [256]bool // stringStop and the bytes past ASCII
	for c := range plainStop {
		plainStop[c] = stringStop[c] || c >= 0x80
	}
	check := func(b [8]byte) {
		w := word(b[:], 0)
		if w != binary.LittleEndian.Uint64(b[:]) {
			t.Fatalf("word(% x) = %#x", b, w)
		}
		has := func(table *[256]bool, want bool) bool {
			for _, x := range b {
				if table[x] == want {
					return true
				}
			}
			return false
		}
		at := func(table *[256]bool, want bool) int {
			for k, x := range b {
				if table[x] == want {
					return k
				}
			}
			return 8
		}
		for _, c := range []struct {
			name string
			m    uint64
			k    int
		}{{"string stop", stringStops(w), at(&stringStop, true)}, {"quote stop", quoteStops(w), at(&quoteStop, true)},
			{"plain stop", plainStops(w), at(&plainStop, true)},
			{"plain unsafe", unsafeIn(w, false), at(&plainSafe, false)}, {"html unsafe", unsafeIn(w, true), at(&htmlSafe, false)},
			{"not as is", notAsIs(w), at(&asIs, false)}} {
			if c.m != 0 && first(c.m) != c.k {
				t.Errorf("%s in % x: first at %d, want %d", c.name, b, first(c.m), c.k)
			}
		}
		if got, want := below(w, ' ')|equal(w, '"')|equal(w, '\\') != 0, has(&stringStop, true); got != want {
			t.Errorf("string stop in % x: %v, want %v", b, got, want)
		}
		if got, want := plainStops(w) != 0, has(&plainStop, true); got != want {
			t.Errorf("plain stop in % x: %v, want %v", b, got, want)
		}
		if got, want := equal(w, '"')|equal(w, '\\') != 0, has(&quoteStop, true); got != want {
			t.Errorf("quote stop in % x: %v, want %v", b, got, want)
		}
		if got, want := unsafeIn(w, false) != 0, has(&plainSafe, false); got != want {
			t.Errorf("plain unsafe in % x: %v, want %v", b, got, want)
		}
		if got, want := unsafeIn(w, true) != 0, has(&htmlSafe, false); got != want {
			t.Errorf("html unsafe in % x: %v, want %v", b, got, want)
		}
		if got, want := w&highs|equal(w, '\\') != 0, has(&asIs, false); got != want {
			t.Errorf("not as is in % x: %v, want %v", b, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	picks := []byte{'a', ' ', 0x1f, 0x20, 0x21, '"', '#', '\\', ']', '<', '>', '&', 0x7f, 0x80, 0xff, 0}
	for range 200000 {
		var b [8]byte
		for k := range b {
			if r.IntN(2) == 0 {
				b[k] = picks[r.IntN(len(picks))]
			} else {
				b[k] = byte(r.IntN(256))
			}
		}
		check(b)
	}
	fillers := []byte{'a', ' ', '~', 0x7f, 0x80, 0xff, '"', 0, '\\'}
	for _, fill := range fillers {
		for c := range 256 {
			for at := range 8 {
				var b [8]byte
				for k := range b {
					b[k] = fill
				}
				b[at] = byte(c)
				check(b)
			}
		}
	}
}
