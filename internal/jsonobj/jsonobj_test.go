package jsonobj

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestParseExactKeysLastWins(t *testing.T) {
	o, err := Parse([]byte(`{"command":"rm -rf a","Command":"echo safe","path":"x","path":"y","\u0063md":"z"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := o.Required("command"); got != "rm -rf a" {
		t.Errorf("command = %q: a case variant must not be read", got)
	}
	if got := o.String("path"); got != "y" {
		t.Errorf("path = %q, want the later duplicate", got)
	}
	if got := o.String("cmd"); got != "z" {
		t.Errorf("escaped key not decoded: %q", got)
	}
}

func TestParseRejects(t *testing.T) {
	for _, in := range []string{``, `null`, `[1]`, `"x"`, `{"a":1} {"b":2}`, `{"a":`} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%q) accepted", in)
		}
	}
}

func TestTypes(t *testing.T) {
	o, err := Parse([]byte(`{"s":"v","n":5,"b":true,"z":null,"o":{"k":"v"},"a":[1]}`))
	if err != nil {
		t.Fatal(err)
	}
	if o.String("n") != "" || o.String("s") != "v" {
		t.Error("String must ignore a non-string")
	}
	if _, err := o.Required("n"); err == nil {
		t.Error("Required accepted a number")
	}
	if _, err := o.Required("z"); err == nil {
		t.Error("Required accepted null")
	}
	if _, err := o.Required("missing"); err == nil {
		t.Error("Required accepted a missing key")
	}
	if s, err := o.Optional("z"); err != nil || s != "" {
		t.Errorf("Optional(null) = %q, %v", s, err)
	}
	if _, err := o.Optional("a"); err == nil {
		t.Error("Optional accepted an array")
	}
	if !o.Bool("b") || o.Bool("s") {
		t.Error("Bool")
	}
	if f, ok := o.Number("n"); !ok || f != 5 {
		t.Error("Number")
	}
	if _, ok := o.Number("s"); ok {
		t.Error("Number of a string")
	}
	if sub, ok := o.Object("o"); !ok || sub.String("k") != "v" {
		t.Error("Object")
	}
	if _, ok := o.Object("a"); ok {
		t.Error("Object of an array")
	}
	if o.Raw("z") != nil || string(o.Raw("n")) != "5" {
		t.Error("Raw")
	}
}

func TestMerge(t *testing.T) {
	o, _ := Parse([]byte(`{"command":"rm","description":"d","mode":"sync"}`))
	b, err := o.Merge(map[string]any{"command": "ls <x>"})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"command":"ls <x>","description":"d","mode":"sync"}` {
		t.Errorf("Merge = %s", b)
	}
}

// TestFastPathSameAsSlow: the fast path (no escaped keys) and
// encoding/json's map decoding read the same members.
func TestFastPathSameAsSlow(t *testing.T) {
	for _, in := range []string{
		`{"command":"echo safe","command":"rm -rf x","Command":"ls"}`,
		`{"a":{"b":1},"a":[2],"s":"\u00e9\n"}`,
		` {"x" : null , "y":true} `,
	} {
		fast, err := Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		var slow Object
		if err := json.Unmarshal([]byte(in), &slow); err != nil {
			t.Fatal(err)
		}
		if len(fast) != len(slow) {
			t.Fatalf("%s: %d members, want %d", in, len(fast), len(slow))
		}
		for k, v := range slow {
			if !bytes.Equal(bytes.TrimSpace(fast[k]), bytes.TrimSpace(v)) {
				t.Errorf("%s: %s = %s, want %s", in, k, fast[k], v)
			}
		}
	}
}
