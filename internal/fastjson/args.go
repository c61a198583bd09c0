package fastjson

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Mode is how a host resolves the keys of a tool's arguments. Keys always
// match exactly after unescaping; the modes differ on duplicates and case
// variants of a key a policy reads.
type Mode uint8

const (
	// LastWins reads as JavaScript's JSON.parse does (Claude Code, Gemini
	// CLI, Copilot CLI, Qwen Code, Factory Droid): the last of duplicate keys wins, and a key in another case
	// ("Command") is another key, which the host ignores.
	LastWins Mode = iota
	// Unique is for a host whose reading of duplicates is not known, or
	// which builds the arguments itself and so never sends a duplicate: a
	// field whose key appears twice, or also in another case (Unicode case
	// folding, as some decoders match), is ambiguous.
	Unique
)

// Field is a string member of a tool's arguments that a policy judges: a
// shell command, a file path, a patch. Set Key and Mode, pass it to [Args]
// (or call See with every member), then read Value and Err.
type Field struct {
	// Key is the exact JSON key.
	Key string
	// Mode is how the host resolves duplicates and case variants.
	Mode Mode
	// Value is the string the host reads: the last occurrence's ("" when
	// the key is absent or its last value is not a string).
	Value string
	// Optional makes an absent key, or a last value of null, no error: a
	// field a policy may read that the host does not require (an edit's
	// new text).
	Optional bool

	n       int    // occurrences of Key
	kind    string // the JSON kind of the last occurrence, when not a string
	variant string // a case variant of Key (Unique only)
}

// See reads one member of the arguments into f when its key is f's.
func (f *Field) See(key string, v Value) {
	if key == f.Key {
		f.n++
		if s, ok := v.String(); ok {
			f.Value, f.kind = s, ""
		} else {
			f.Value, f.kind = "", v.Kind()
		}
		return
	}
	if f.Mode == Unique && f.variant == "" && strings.EqualFold(key, f.Key) {
		f.variant = key
	}
}

// Present reports whether the key appeared at all.
func (f *Field) Present() bool { return f.n > 0 }

// Ambiguous reports whether, in Unique mode, the key appeared more than
// once or also in another case.
func (f *Field) Ambiguous() bool { return f.Mode == Unique && (f.n > 1 || f.variant != "") }

// Err returns nil when Value is exactly what the host reads, else a
// [*FieldError] that says why not: the key is absent, its value is not a
// string, or (Unique) it is duplicated or has a case variant.
func (f *Field) Err() error {
	switch {
	case f.Mode == Unique && f.n > 1:
		return &FieldError{Key: f.Key, Problem: "appears " + strconv.Itoa(f.n) + " times (ambiguous: the host's reading of duplicates is not known)"}
	case f.Mode == Unique && f.variant != "":
		return &FieldError{Key: f.Key, Problem: "has a case variant " + strconv.Quote(f.variant) + " (ambiguous: the host may read either)"}
	case f.Optional && (f.n == 0 || f.kind == "null"):
		return nil
	case f.n == 0:
		return &FieldError{Key: f.Key, Problem: "is missing"}
	case f.kind != "":
		return &FieldError{Key: f.Key, Problem: "is " + article(f.kind) + ", not a string"}
	}
	return nil
}

func article(kind string) string {
	switch kind {
	case "null":
		return "null"
	case "array", "object":
		return "an " + kind
	}
	return "a " + kind
}

// FieldError says why a field a policy judges could not be read.
type FieldError struct {
	Key     string // the field's JSON key
	Problem string // "is missing", "is a number, not a string", …
}

// Error returns `field "<key>" <problem>`.
func (e *FieldError) Error() string { return "field " + strconv.Quote(e.Key) + " " + e.Problem }

// Args reads raw, a tool's arguments object, the way its host does: every
// member goes to each of fields (see [Field.See]) and then to side (when
// not nil), in order, so that side, storing each value it is given,
// keeps the last of duplicates as JSON.parse does. A side field of the
// wrong type should be read as its zero value and never fail the read.
// Args returns false only when raw is not one valid JSON object.
func Args(raw []byte, side func(key string, v Value), fields ...*Field) bool {
	d, ok := Object(raw)
	if !ok {
		return false
	}
	return d.Members(argsMember(side, fields))
}

// Args is the function [Args] for an object value read from a Doc, which
// saves copying its text again (Args copies raw into a string, as
// [Object] does). It returns false when v is not an object.
func (v Value) Args(side func(key string, v Value), fields ...*Field) bool {
	return v.Members(argsMember(side, fields))
}

// argsMember gives one member to each of fields, then to side.
func argsMember(side func(key string, v Value), fields []*Field) func(string, Value) bool {
	return func(k string, v Value) bool {
		for _, f := range fields {
			f.See(k, v)
		}
		if side != nil {
			side(k, v)
		}
		return true
	}
}

// Errs joins the errors of fields (see [Field.Err]), each prefixed with
// tool and a colon; nil when every field reads as the host reads it.
func Errs(tool string, fields ...*Field) error {
	var errs []error
	for _, f := range fields {
		if err := f.Err(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", tool, err))
		}
	}
	return errors.Join(errs...)
}
