package jsonc

import (
	"testing"
)

func mustParse(t *testing.T, src string) *Doc {
	t.Helper()
	d, err := Parse([]byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return d
}

func TestAppendAndRemove(t *testing.T) {
	elem := Obj{{"matcher", "*"}, {"hooks", []any{Obj{{"type", "command"}}}}}
	for _, tc := range []struct{ name, src, want string }{
		{"empty inline", "{\n  \"Stop\": []\n}", "{\n  \"Stop\": [\n    {\n      \"matcher\": \"*\",\n      \"hooks\": [\n        {\n          \"type\": \"command\"\n        }\n      ]\n    }\n  ]\n}"},
		{"empty broken", "{\n\t\"Stop\": [\n\t]\n}", "{\n\t\"Stop\": [\n\t\t{\n\t\t\t\"matcher\": \"*\",\n\t\t\t\"hooks\": [\n\t\t\t\t{\n\t\t\t\t\t\"type\": \"command\"\n\t\t\t\t}\n\t\t\t]\n\t\t}\n\t]\n}"},
		{"after element", "{\n    \"Stop\": [\n        {\"a\": 1}\n    ]\n}", "{\n    \"Stop\": [\n        {\"a\": 1},\n        {\n            \"matcher\": \"*\",\n            \"hooks\": [\n                {\n                    \"type\": \"command\"\n                }\n            ]\n        }\n    ]\n}"},
		{"compact", `{"Stop":[{"a":1}]}`, `{"Stop":[{"a":1},{"matcher":"*","hooks":[{"type":"command"}]}]}`},
		{"compact spaced", `{"Stop": [{"a": 1}]}`, `{"Stop": [{"a": 1}, {"matcher": "*", "hooks": [{"type": "command"}]}]}`},
		{"trailing comma", "{\"Stop\": [\n  1, // one\n]}", "{\"Stop\": [\n  1,\n  {\n    \"matcher\": \"*\",\n    \"hooks\": [\n      {\n        \"type\": \"command\"\n      }\n    ]\n  }, // one\n]}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, tc.src)
			s := StyleOf(d)
			arr := d.Root.Get("Stop")
			e, closed := AppendEdit(d.Src, arr, s, func(ind string) string { return Render(elem, ind, s) })
			got := Apply(d.Src, e)
			if string(got) != tc.want {
				t.Fatalf("after append:\n%s\nwant:\n%s", got, tc.want)
			}
			d2 := mustParse(t, string(got))
			arr2 := d2.Root.Get("Stop")
			back := Apply(d2.Src, RemoveEdit(d2.Src, arr2, arr2.Len()-1, s, closed))
			if string(back) != tc.src {
				t.Fatalf("after remove:\n%q\nwant:\n%q", back, tc.src)
			}
		})
	}
}

func TestRemoveFirstOfMany(t *testing.T) {
	d := mustParse(t, `{"a": 1, "b": 2, "c": 3}`)
	got := Apply(d.Src, RemoveEdit(d.Src, d.Root, 0, StyleOf(d), false))
	if string(got) != `{"b": 2, "c": 3}` {
		t.Errorf("got %s", got)
	}
	got = Apply(d.Src, RemoveEdit(d.Src, d.Root, 1, StyleOf(d), false))
	if string(got) != `{"a": 1, "c": 3}` {
		t.Errorf("got %s", got)
	}
}

func TestRemoveSoleWithTrailingComma(t *testing.T) {
	d := mustParse(t, "[ 1 , /* a,b */ ]")
	got := Apply(d.Src, RemoveEdit(d.Src, d.Root, 0, StyleOf(d), false))
	if string(got) != "[  /* a,b */ ]" {
		t.Errorf("got %q", got)
	}
	if _, err := Parse(got); err != nil {
		t.Error(err)
	}
}

func TestReplaceEdit(t *testing.T) {
	d := mustParse(t, "[\n  {\"old\": true},\n  2\n]")
	s := StyleOf(d)
	got := Apply(d.Src, ReplaceEdit(d.Src, d.Root, 0, s, func(ind string) string { return Render(Obj{{"new", 1}}, ind, s) }))
	if string(got) != "[\n  {\n    \"new\": 1\n  },\n  2\n]" {
		t.Errorf("got %q", got)
	}
}

func TestStyleOf(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want Style
	}{
		{"{\n    \"a\": 1\n}", Style{Unit: "    ", NL: "\n"}},
		{"{\r\n\t\"a\": 1\r\n}", Style{Unit: "\t", NL: "\r\n"}},
		{`{"a":1}`, Style{Unit: "  ", NL: "\n", Compact: true}},
		{`{"a": 1}`, Style{Unit: "  ", NL: "\n", Compact: true, Spaced: true}},
		{`{}`, Style{Unit: "  ", NL: "\n"}},
	} {
		if got := StyleOf(mustParse(t, tc.src)); got != tc.want {
			t.Errorf("StyleOf(%q) = %+v, want %+v", tc.src, got, tc.want)
		}
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		`C:\Program Files\hook.exe`: `"C:\\Program Files\\hook.exe"`,
		"a\"b\n\t\x01<>&\u2028é":    `"a\"b\n\t\u0001<>&` + "\u2028é\"",
		"bad\xff":                   `"bad\ufffd"`,
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}

// Setting a value in a file that ends in a line comment without a newline
// changes only that value: the comment stays, and the file still parses.
func TestEditBeforeFinalLineComment(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{"hooksConfig": {"enabled": false}} // c`, `{"hooksConfig": {"enabled": true}} // c`},
		{"{\n  \"hooksConfig\": {\n    \"enabled\": false\n  }\n}\n// c", "{\n  \"hooksConfig\": {\n    \"enabled\": true\n  }\n}\n// c"},
		{"{\r\n\t\"hooksConfig\": {\"enabled\": false} // c\r\n} // c", "{\r\n\t\"hooksConfig\": {\"enabled\": true} // c\r\n} // c"},
	} {
		d := mustParse(t, tc.src)
		s := StyleOf(d)
		hc := d.Root.Get("hooksConfig")
		got := Apply(d.Src, ReplaceEdit(d.Src, hc, hc.Index("enabled"), s, func(ind string) string {
			return RenderMember("enabled", true, ind, s)
		}))
		if string(got) != tc.want {
			t.Errorf("set in %q:\ngot  %q\nwant %q", tc.src, got, tc.want)
			continue
		}
		d2 := mustParse(t, string(got))
		if v := d2.Root.Get("hooksConfig").Get("enabled"); v == nil || v.Kind != True {
			t.Errorf("%q: hooksConfig.enabled is not true", got)
		}
	}
	// Adding a member, as an installer does, keeps the comment too.
	d := mustParse(t, `{"a": 1} // c`)
	s := StyleOf(d)
	e, _ := AppendEdit(d.Src, d.Root, s, func(ind string) string { return RenderMember("hooks", Obj{}, ind, s) })
	if got := string(Apply(d.Src, e)); got != `{"a": 1, "hooks": {}} // c` {
		t.Errorf("append: %q", got)
	}
}
