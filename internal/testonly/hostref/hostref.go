// Package hostref is the reference the adapters' differential tests read
// tool arguments with: what a host hands its tool for one key of a tool
// call's arguments, read the way JavaScript's JSON.parse reads it (keys
// unescaped and matched exactly, the last of duplicate keys wins). Read
// is written with encoding/json alone, independently of the adapters'
// readers (internal/fastjson); hostref_test.go shows it equal to node's
// JSON.parse on the generated corpus and on the tricks of Tricks.
//
// Corpus generates tool arguments a model could send to get past a
// policy: case variants, duplicates and \u escapes of the key a policy
// reads, wrong types, nulls, extra fields.
package hostref

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// Reading is what a host reads for one key of an arguments object.
type Reading struct {
	// Present is whether the key is there (after unescaping, exactly).
	Present bool
	// Kind is the JSON type of its value, as Value.Kind names it in
	// internal/fastjson: "string", "number", "boolean", "null", "array",
	// "object".
	Kind string
	// String is the value when Kind is "string".
	String string
	// Count is how many members have exactly this key.
	Count int
	// Variants is how many members have a key equal to this one under
	// Unicode case folding but not exactly equal.
	Variants int
}

// Read reads key from args, a JSON object, as JSON.parse does. It fails
// when args is not one valid JSON object.
func Read(args []byte, key string) (Reading, error) {
	var members map[string]json.RawMessage // exact keys, the last wins
	if err := json.Unmarshal(args, &members); err != nil {
		return Reading{}, err
	}
	if members == nil {
		return Reading{}, errors.New("not a JSON object")
	}
	var r Reading
	if err := eachKey(args, func(k string) {
		if k == key {
			r.Count++
		} else if strings.EqualFold(k, key) {
			r.Variants++
		}
	}); err != nil {
		return Reading{}, err
	}
	raw, ok := members[key]
	if !ok {
		return r, nil
	}
	r.Present = true
	raw = bytes.TrimSpace(raw)
	switch raw[0] {
	case '"':
		r.Kind = "string"
		if err := json.Unmarshal(raw, &r.String); err != nil {
			return Reading{}, err
		}
	case '{':
		r.Kind = "object"
	case '[':
		r.Kind = "array"
	case 't', 'f':
		r.Kind = "boolean"
	case 'n':
		r.Kind = "null"
	default:
		r.Kind = "number"
	}
	return r, nil
}

// eachKey calls fn with every top-level key of the object args, in order,
// unescaped, duplicates included.
func eachKey(args []byte, fn func(string)) error {
	dec := json.NewDecoder(bytes.NewReader(args))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		k, ok := t.(string)
		if !ok {
			return fmt.Errorf("key %v is not a string", t)
		}
		fn(k)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	return nil
}

// Tricks are hand-written arguments for a key "command" (the issue-12
// shapes and their relatives); Corpus generates more for any key.
var Tricks = []string{
	`{"command":"rm -rf keepdir","description":"x","Command":"echo safe"}`,
	`{"command":"rm -rf keepdir","DESCRIPTION":5}`,
	`{"Command":"echo safe","command":"rm -rf keepdir"}`,
	`{"command":"echo safe","command":"rm -rf keepdir"}`,
	`{"command":"rm -rf keepdir","command":null}`,
	`{"command":"rm -rf keepdir","command":5}`,
	`{"comm\u0061nd":"rm -rf keepdir","COMMAND":"echo safe"}`,
	`{"command":"echo safe","\u0063\u006f\u006d\u006d\u0061\u006e\u0064":"rm -rf keepdir"}`,
	`{"command":"rm -rf \ud800keepdir"}`,
	`{"command":["rm","-rf","keepdir"]}`,
	`{"description":"no command at all"}`,
	`{}`,
	`{"command":"rm -rf keepdir","description":5,"timeout":"x","content":5,"CONTENT":{"a":[1]}}`,
	"{\"command\":\"rm -rf keepdir\",\"comm\u212and\":\"echo safe\"}",
}

// Corpus returns n generated arguments objects for a tool whose policy
// reads key, with side keys as extra fields, from a deterministic seed.
func Corpus(seed uint64, n int, key string, side ...string) [][]byte {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([][]byte, 0, n+len(Tricks))
	if key == "command" {
		for _, t := range Tricks {
			out = append(out, []byte(t))
		}
	}
	for range n {
		out = append(out, generate(r, key, side))
	}
	return out
}

// generate writes one arguments object.
func generate(r *rand.Rand, key string, side []string) []byte {
	var b strings.Builder
	b.WriteString(space(r) + "{")
	members := r.IntN(6)
	if r.IntN(4) > 0 {
		members++ // usually at least the key
	}
	for i := range members {
		if i > 0 {
			b.WriteString(",")
		}
		var k string
		switch c := r.IntN(10); {
		case c < 4:
			k = quote(key, r)
		case c < 6:
			k = quote(caseVariant(key, r), r)
		case len(side) > 0 && c < 9:
			s := side[r.IntN(len(side))]
			if r.IntN(3) == 0 {
				s = caseVariant(s, r)
			}
			k = quote(s, r)
		default:
			k = quote([]string{"extra", "Extra", "__proto__", "", "cmd", key + " ", "\u212a"}[r.IntN(7)], r)
		}
		b.WriteString(space(r) + k + space(r) + ":" + space(r) + value(r) + space(r))
	}
	b.WriteString("}" + space(r))
	return []byte(b.String())
}

func space(r *rand.Rand) string {
	return []string{"", "", "", " ", "\n\t", "\r\n "}[r.IntN(6)]
}

// caseVariant changes the case of some letters of s (a fold equivalent,
// sometimes the Kelvin sign for k or the long s for s).
func caseVariant(s string, r *rand.Rand) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c == 'k' && r.IntN(4) == 0:
			b.WriteRune('\u212a')
		case c == 's' && r.IntN(4) == 0:
			b.WriteRune('\u017f')
		case 'a' <= c && c <= 'z' && r.IntN(2) == 0:
			b.WriteRune(c - 'a' + 'A')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// quote writes s as a JSON string, with some characters \u-escaped (in
// either hex case) or escaped as \/ now and then.
func quote(s string, r *rand.Rand) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteString(`\` + string(c))
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		case c == '/' && r.IntN(2) == 0:
			b.WriteString(`\/`)
		case c < 0x10000 && r.IntN(5) == 0:
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, `\u%04x`, c)
			} else {
				fmt.Fprintf(&b, `\u%04X`, c)
			}
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// value writes a JSON value of a random type.
func value(r *rand.Rand) string {
	switch r.IntN(12) {
	case 0:
		return "null"
	case 1:
		return []string{"true", "false"}[r.IntN(2)]
	case 2:
		return []string{"0", "-1", "5", "1.5e3", "1e400", "-0"}[r.IntN(6)]
	case 3:
		return `["rm","-rf","x"]`
	case 4:
		return `{"command":"rm -rf x"}`
	case 5:
		return `"\ud800 lone"` // an unpaired surrogate
	}
	s := []string{"rm -rf keepdir", "echo safe", "", "/home/dev/project/.env", "a \"q\" \\ b", "h\u00e9 \U0001F600", "line\nbreak"}[r.IntN(7)]
	if !utf8.ValidString(s) {
		panic("generated invalid UTF-8")
	}
	return quote(s, r)
}

// Want is what an adapter must expose for a reading r of the key a policy
// reads: the value the host hands its tool, and whether the adapter must
// set Tool.InputErr instead (the key missing or not a string; in unique
// mode, for a host whose reading of duplicates is unknown or which never
// sends one, also a duplicate or a case variant of the key). value is
// meaningful only when inputErr is false.
func Want(r Reading, unique bool) (value string, inputErr bool) {
	if !r.Present || r.Kind != "string" || unique && (r.Count > 1 || r.Variants > 0) {
		return "", true
	}
	return r.String, false
}

// Args reports whether data is what Corpus generates: one valid JSON
// object in valid UTF-8 (hosts send nothing else; the adapters' fuzz
// targets skip other input).
func Args(data []byte) bool {
	if !utf8.Valid(data) || !json.Valid(data) {
		return false
	}
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}
