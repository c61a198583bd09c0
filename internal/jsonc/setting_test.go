package jsonc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSetting(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, text string
		kind       Kind // 0: no value
		err        string
	}{
		{"final comment", "{\"hooksConfig\": {\"enabled\": false}} // c", False, ""},
		{"final comment after lines", "{\n  \"hooksConfig\": {\n    \"enabled\": true\n  }\n}\n// turned on", True, ""},
		{"no such value", `{"hooksConfig": {}} // c`, 0, ""},
		{"not an object", `[1] // c`, 0, ""},
		{"cut short", `{"hooksConfig": {"enabled": false}`, 0, "unexpected end of input"},
		{"open block comment", `{"hooksConfig": {"enabled": false}} /* c`, 0, "parsing comment"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Setting(file(strings.ReplaceAll(tc.name, " ", "-")+".json", tc.text), Comments, "hooksConfig", "enabled")
			switch {
			case tc.err != "":
				if err == nil || !strings.Contains(err.Error(), tc.err) || v != nil {
					t.Errorf("got %v, %v; want no value and an error about %q", v, err, tc.err)
				}
			case err != nil:
				t.Errorf("error %v", err)
			case tc.kind == 0 && v != nil:
				t.Errorf("got a %c value, want none", v.Kind)
			case tc.kind != 0 && (v == nil || v.Kind != tc.kind):
				t.Errorf("got %v, want a %c value", v, tc.kind)
			}
		})
	}
	for _, tc := range []struct {
		text    string
		d       Dialect
		wantErr string
	}{
		{`{"a": 1,}`, JWCC, ""},
		{`{"a": 1,}`, Comments, "trailing comma"},
		{`{"a": 1,}`, JSON, "comments or trailing commas"},
		{"{\"a\": 1} // c", JWCC, ""},
		{"{\"a\": 1} // c", Comments, ""},
		{"{\"a\": 1} // c", JSON, "comments or trailing commas"},
		{`{"a": 1}`, JSON, ""},
	} {
		v, err := Setting(file("dialect.json", tc.text), tc.d, "a")
		switch {
		case tc.wantErr == "" && (err != nil || v == nil):
			t.Errorf("%q in dialect %d: %v, %v; want the value", tc.text, tc.d, v, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr) || v != nil):
			t.Errorf("%q in dialect %d: %v, %v; want an error about %q", tc.text, tc.d, v, err, tc.wantErr)
		}
	}
	if v, err := Setting(filepath.Join(dir, "missing.json"), JSON, "a"); v != nil || err != nil {
		t.Errorf("missing file: %v, %v; want neither a value nor an error", v, err)
	}
	if _, err := Setting(dir, JWCC, "a"); err == nil {
		t.Error("a directory: no error")
	}
}

// Lookup reads repeated names as JSON.parse does: the last one counts,
// at every level.
func TestLookupLastWins(t *testing.T) {
	d, err := Parse([]byte(`{"a": {"b": 1}, "a": {"b": false, "b": true}, "c": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	if v := d.Root.Lookup("a", "b"); v == nil || v.Kind != True {
		t.Errorf("a.b = %v, want the last a's last b (true)", v)
	}
	if v := d.Root.Lookup("a", "x"); v != nil {
		t.Errorf("a.x = %v, want none (the last a has no x)", v)
	}
	if v := d.Root.Lookup(); v != d.Root {
		t.Errorf("no path: %v, want the node itself", v)
	}
}

func TestRepeated(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{"a": 1, "b": {"c": [1, {"d": 2}]}}`, ""},
		{`{"a": 1, "a": 2}`, `"a"`},
		{`{"hooks": {"Stop": [], "Stop": []}}`, `"hooks"."Stop"`},
		{`{"x": [{"k": 1}, {"k": 1, "k": 2}]}`, `"x".[1]."k"`},
		{`{"a\u0062": 1, "ab": 2}`, `"ab"`},
		{`[1, 2]`, ""},
	} {
		d, err := Parse([]byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Root.Repeated(); got != tc.want {
			t.Errorf("Repeated(%s) = %s, want %s", tc.src, got, tc.want)
		}
	}
}
