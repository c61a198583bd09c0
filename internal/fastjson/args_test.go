package fastjson

import (
	"strings"
	"testing"
)

func TestArgs(t *testing.T) {
	for _, c := range []struct {
		args string
		mode Mode
		want string
		err  string // "" when Err must be nil
	}{
		{`{"command":"ls","description":"x"}`, LastWins, "ls", ""},
		{`{"command":"rm -rf x","Command":"echo safe"}`, LastWins, "rm -rf x", ""},
		{`{"command":"echo safe","comm\u0061nd":"rm -rf x"}`, LastWins, "rm -rf x", ""},
		{`{"command":"rm -rf x","command":null}`, LastWins, "", "is null"},
		{`{"command":5}`, LastWins, "", "is a number, not a string"},
		{`{"command":[]}`, LastWins, "", "is an array"},
		{`{"Command":"rm -rf x"}`, LastWins, "", "is missing"},
		{`{"command":"rm -rf x","Command":"echo safe"}`, Unique, "rm -rf x", `case variant "Command"`},
		{"{\"comman\u212a\":1,\"command\":\"ls\"}", Unique, "ls", ""}, // K (Kelvin) folds to k, not to d
		{"{\"\u017fhell\":1,\"command\":\"ls\"}", Unique, "ls", ""},
		{`{"command":"a","command":"b"}`, Unique, "b", "appears 2 times"},
		{`{"command":"ls"}`, Unique, "ls", ""},
	} {
		f := Field{Key: "command", Mode: c.mode}
		var side []string
		if !Args([]byte(c.args), func(k string, _ Value) { side = append(side, k) }, &f) {
			t.Fatalf("Args(%s) refused a valid object", c.args)
		}
		err := f.Err()
		if f.Value != c.want || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("Args(%s, %v): %q, %v; want %q, %q", c.args, c.mode, f.Value, err, c.want, c.err)
		}
		if len(side) != strings.Count(c.args, ":") {
			t.Errorf("Args(%s): side saw %q", c.args, side)
		}
	}
	if Args([]byte(`{"command":"ls"`), nil) || Args([]byte(`["command"]`), nil) {
		t.Error("Args accepted what is not one JSON object")
	}
}

// BenchmarkArgs reads a typical shell call's arguments: the command a
// policy judges and two side fields.
func BenchmarkArgs(b *testing.B) {
	raw := []byte(`{"command":"go test ./... -run TestArgs -count=1","description":"Run the tests","timeout":120000}`)
	for _, mode := range []Mode{LastWins, Unique} {
		b.Run([]string{"LastWins", "Unique"}[mode], func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				cmd := Field{Key: "command", Mode: mode}
				var desc string
				var timeout float64
				Args(raw, func(k string, v Value) {
					switch k {
					case "description":
						desc, _ = v.String()
					case "timeout":
						timeout, _ = v.Float()
					}
				}, &cmd)
				if cmd.Err() != nil || desc == "" || timeout == 0 {
					b.Fatal("misread")
				}
			}
		})
	}
}

// Value.Args reads an object value in place as Args reads a copy of it,
// and refuses what is not an object (the zero Value included).
func TestValueArgs(t *testing.T) {
	d, ok := Object([]byte(`{"a":{"command":"x","command":"rm -rf /","Command":"y","n":1},"b":"s","c":null}`))
	if !ok {
		t.Fatal("not an object")
	}
	members := map[string]Value{}
	d.Members(func(k string, v Value) bool { members[k] = v; return true })
	read := func(args func(side func(string, Value), fields ...*Field) bool) (string, []string, bool) {
		cmd := Field{Key: "command"}
		var keys []string
		ok := args(func(k string, _ Value) { keys = append(keys, k) }, &cmd)
		return cmd.Value, keys, ok
	}
	inPlace, inKeys, inOK := read(members["a"].Args)
	copied, cKeys, cOK := read(func(side func(string, Value), fields ...*Field) bool {
		return Args(members["a"].Raw(), side, fields...)
	})
	if inPlace != "rm -rf /" || inPlace != copied || strings.Join(inKeys, ",") != strings.Join(cKeys, ",") || !inOK || !cOK {
		t.Errorf("in place %q %v %v, copied %q %v %v", inPlace, inKeys, inOK, copied, cKeys, cOK)
	}
	for _, v := range []Value{members["b"], members["c"], {}} {
		if _, _, ok := read(v.Args); ok {
			t.Errorf("Args on %q: true, want false", v.Raw())
		}
	}
}
