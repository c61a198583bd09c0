package jsonc

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseAcceptsJWCC(t *testing.T) {
	for _, tc := range []struct {
		src            string
		strict, commas bool
	}{
		{`{}`, true, false},
		{` {"a": [1, 2.5e3, -0, true, false, null, "x\u00e9\n"]} `, true, false},
		{"// lead\n{\"a\": 1, /* mid */ \"b\": [1,],}\n", false, true},
		{"[1,]", false, true},
		{"{\"a\": [1, 2] // no comma here\n}", false, false},
		{"{\"a\": {\"b\": 1,} }", false, true},
		{"\"top\"", true, false},
		{"{\"a\":{\"b\":{}}}\r\n", true, false},
	} {
		d, err := Parse([]byte(tc.src))
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.src, err)
			continue
		}
		if d.Strict != tc.strict {
			t.Errorf("Parse(%q).Strict = %v, want %v", tc.src, d.Strict, tc.strict)
		}
		if d.Commas != tc.commas {
			t.Errorf("Parse(%q).Commas = %v, want %v", tc.src, d.Commas, tc.commas)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, src := range []string{
		``, ` `, `{`, `{"a"}`, `{"a":}`, `{,}`, `[,]`, `[1,,]`, `{"a":1 "b":2}`, `{a:1}`, `'x'`,
		`[1] 2`, `01`, `+1`, `tru`, "// no newline at end", `/* open`, `{"a":1}}`, "\ufeff{}",
		"\"tab\there\"", `{"a":1]`, `[}`, "[1]\n// comment \u2028 x\n",
	} {
		if _, err := Parse([]byte(src)); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", src)
		}
	}
}

func TestErrorPosition(t *testing.T) {
	_, err := Parse([]byte("{\n  \"a\": 1,\n  \"b\" 2\n}"))
	se, ok := err.(*SyntaxError)
	if !ok || se.Line != 3 || se.Column != 7 {
		t.Fatalf("err = %#v, want line 3 column 7", err)
	}
	if !strings.Contains(err.Error(), "after object name") {
		t.Errorf("message %q does not say what is wrong", err)
	}
}

func TestOffsets(t *testing.T) {
	src := []byte(`{"hooks": /* c */ {"Stop": [ {"x": "y"} ]}, "k": "v\"w"}`)
	d, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	h := d.Root.Get("hooks")
	if got := string(src[h.Start:h.End]); got != `{"Stop": [ {"x": "y"} ]}` {
		t.Errorf("hooks text = %q", got)
	}
	stop := h.Get("Stop")
	if got := string(src[stop.Elems[0].Start:stop.Elems[0].End]); got != `{"x": "y"}` {
		t.Errorf("element text = %q", got)
	}
	if k := d.Root.Get("k"); k.Str != `v"w` {
		t.Errorf("decoded string = %q", k.Str)
	}
	if s, e := d.Root.Span(1); string(src[s:e]) != `"k": "v\"w"` {
		t.Errorf("member span = %q", src[s:e])
	}
	if d.Root.Get("missing") != nil || d.Root.Index("missing") != -1 || d.Root.Count("hooks") != 1 {
		t.Error("lookups of absent keys")
	}
}

// Strings without escapes take a fast path; it reads them as
// encoding/json does.
func TestStringFastPath(t *testing.T) {
	for _, lit := range []string{`"plain"`, `"héllo ✓"`, "\"\x7f\"", `"a\u0041\n"`, "\"\xff\xfe\"", `""`, "\"\u2028\""} {
		d, err := Parse([]byte(lit))
		var want string
		jerr := json.Unmarshal([]byte(lit), &want)
		if (err == nil) != (jerr == nil) || err == nil && d.Root.Str != want {
			t.Errorf("%q: Parse %v %q, encoding/json %v %q", lit, err, d.Root.Str, jerr, want)
		}
	}
}

// A line comment may end the file without a newline, as the hosts that
// read comments allow; what hujson rejects for other reasons stays
// rejected.
func TestFinalLineComment(t *testing.T) {
	for _, src := range []string{`{"a": 1} // c`, "{\n  \"a\": 1\n}\n// c", "[1] //", "{} // c\r", "{} /* x */ // y", "1 // c"} {
		d, err := Parse([]byte(src))
		if err != nil {
			t.Errorf("Parse(%q): %v", src, err)
			continue
		}
		if d.Strict {
			t.Errorf("Parse(%q).Strict = true", src)
		}
	}
	for src, want := range map[string]string{
		"// c":             "unexpected end of input",
		`{} /* c`:          "parsing comment",
		"{} // a\u2028b":   "in line comment",
		"{} // \xff":       "invalid UTF-8",
		"{\"a\": 1 // c":   "unexpected end of input",
		"{\"a\": 1} // c}": "",
	} {
		_, err := Parse([]byte(src))
		if want == "" {
			if err != nil {
				t.Errorf("Parse(%q): %v", src, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want an error about %q", src, err, want)
		}
	}
}
