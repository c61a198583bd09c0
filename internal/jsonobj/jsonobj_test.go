package jsonobj

import "testing"

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
