package fastjson

import (
	"errors"
	"testing"
)

func TestLookupExactKeysLastWins(t *testing.T) {
	d, ok := Object([]byte(`{"command":"rm -rf a","Command":"echo safe","path":"x","path":"y","\u0063md":"z"}`))
	if !ok {
		t.Fatal("refused")
	}
	o := d.Value()
	if got := o.StringAt("command"); got != "rm -rf a" {
		t.Errorf("command = %q: a case variant must not be read", got)
	}
	if got := o.StringAt("path"); got != "y" {
		t.Errorf("path = %q, want the later duplicate", got)
	}
	if got := o.StringAt("cmd"); got != "z" {
		t.Errorf("escaped key not decoded: %q", got)
	}
	if o.Has("Path") || !o.Has("Command") {
		t.Error("Has must match keys exactly")
	}
}

func TestLookupTypes(t *testing.T) {
	d, _ := Object([]byte(`{"s":"v","n":5,"b":true,"z":null,"o":{"k":"v","k":"w"},"a":[1],"b2":"true"}`))
	o := d.Value()
	if o.StringAt("n") != "" || o.StringAt("s") != "v" || o.StringAt("missing") != "" {
		t.Error("StringAt must ignore a non-string")
	}
	if !o.BoolAt("b") || o.BoolAt("s") || o.BoolAt("b2") || o.BoolAt("missing") {
		t.Error("BoolAt")
	}
	if sub, ok := o.ObjectAt("o"); !ok || sub.StringAt("k") != "w" {
		t.Error("ObjectAt")
	}
	if _, ok := o.ObjectAt("a"); ok {
		t.Error("ObjectAt of an array")
	}
	if o.RawAt("z") != nil || o.RawAt("missing") != nil || string(o.RawAt("n")) != "5" {
		t.Error("RawAt")
	}
	if !o.Has("z") {
		t.Error("Has(null member) = false")
	}
	// A failed Object gives a zero Doc whose Value has no members.
	bad, _ := Object([]byte(`[1]`))
	if v := bad.Value(); v.Has("a") || v.StringAt("a") != "" || v.RawAt("a") != nil {
		t.Error("zero Doc has members")
	}
}

func TestOptionalField(t *testing.T) {
	for _, c := range []struct {
		args string
		err  bool
	}{
		{`{}`, false},
		{`{"new":null}`, false},
		{`{"new":"x","new":null}`, false},
		{`{"new":"x"}`, false},
		{`{"new":1}`, true},
		{`{"new":["x"]}`, true},
		{`{"new":null,"new":{}}`, true},
	} {
		f := Field{Key: "new", Optional: true}
		Args([]byte(c.args), nil, &f)
		if (f.Err() != nil) != c.err {
			t.Errorf("%s: Err() = %v, want error %v", c.args, f.Err(), c.err)
		}
	}
	// Not optional: null and absent are errors.
	for _, args := range []string{`{}`, `{"new":null}`} {
		f := Field{Key: "new"}
		Args([]byte(args), nil, &f)
		if f.Err() == nil {
			t.Errorf("%s: a required field read without error", args)
		}
	}
}

func TestErrs(t *testing.T) {
	a, b := Field{Key: "a"}, Field{Key: "b"}
	Args([]byte(`{"a":"x","b":2}`), nil, &a, &b)
	err := Errs("tool", &a, &b)
	var fe *FieldError
	if err == nil || err.Error() != `tool: field "b" is a number, not a string` || !errors.As(err, &fe) || fe.Key != "b" {
		t.Errorf("Errs = %v", err)
	}
	if err := Errs("tool", &a); err != nil {
		t.Errorf("Errs of a good field = %v", err)
	}
}

func TestObjectErr(t *testing.T) {
	for _, in := range []string{``, ` `, `null`, `[1]`, `"x"`} {
		if err := ObjectErr([]byte(in)); !errors.Is(err, ErrNotObject) {
			t.Errorf("ObjectErr(%q) = %v, want ErrNotObject", in, err)
		}
	}
	for _, in := range []string{`{"a":1} {"b":2}`, `{"a":`, `{"a":01}`} {
		if err := ObjectErr([]byte(in)); err == nil || errors.Is(err, ErrNotObject) {
			t.Errorf("ObjectErr(%q) = %v, want a syntax error", in, err)
		}
	}
	if err := ObjectErr([]byte(` {"a":[1]} `)); err != nil {
		t.Errorf("ObjectErr(valid) = %v", err)
	}
}

func TestMerge(t *testing.T) {
	b, err := Merge([]byte(`{"command":"rm","description":"d","mode":"sync","mode":"async", "n" : [1, 2]}`), map[string]any{"command": "ls <x>"})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"command":"ls <x>","description":"d","mode":"async","n":[1,2]}` {
		t.Errorf("Merge = %s", b)
	}
	if b, err := Merge([]byte(`"not an object"`), map[string]any{"path": "a"}); err != nil || string(b) != `{"path":"a"}` {
		t.Errorf("Merge over a non-object = %s, %v", b, err)
	}
}

func TestPick(t *testing.T) {
	keys := []string{"command", "path", "missing", "n"}
	vals := make([]Value, len(keys))
	found := []bool{true, true, true, true} // stale storage is cleared
	d, _ := Object([]byte(`{"command":"a","Command":"x","command":"b","p\u0061th":"/p","n":null,"o":{}}`))
	p := d.Value().Pick(keys, vals, found)
	if got := p.StringAt("command"); got != "b" {
		t.Errorf("command = %q, want the last duplicate", got)
	}
	if got := p.StringAt("path"); got != "/p" {
		t.Errorf("path = %q, want the unescaped key's value", got)
	}
	if p.Has("missing") || p.StringAt("missing") != "" || p.RawAt("n") != nil || !p.Has("n") || p.BoolAt("n") {
		t.Error("absent or null members")
	}
	if _, ok := p.ObjectAt("command"); ok {
		t.Error("ObjectAt of a string")
	}
	defer func() {
		if recover() == nil {
			t.Error("a key that was not picked must panic")
		}
	}()
	p.Has("o")
}
