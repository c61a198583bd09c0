package hosttest

import (
	"errors"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
	"github.com/agenthooks/hooks/internal/testonly/hostref"
)

// Judged is a field of one tool's arguments that a policy judges, for
// [Differential]: Payload wraps the arguments in the host's tool event,
// Key is the field's JSON key and Value reads it from the typed input.
type Judged struct {
	Tool    string
	Key     string
	Payload func(args []byte) []byte
	Value   func(hooks.ToolInput) string
}

// Differential parses args, a tool call's arguments object, in the event
// of every field of judged, and checks the adapter against the reference
// of a JavaScript host (hostref: exact keys, the last duplicate wins):
// the typed input shows the string the host hands its tool, or the
// tool's InputErr names the field (a [*fastjson.FieldError] with its key)
// exactly when the host reads no string there. The event must parse
// whatever args hold. Another field's error does not count, so that a
// tool with two required fields is checked one field at a time.
func Differential(t testing.TB, a hooks.Adapter, args []byte, judged ...Judged) {
	t.Helper()
	r := map[string]hostref.Reading{}
	for _, j := range judged {
		if _, ok := r[j.Key]; ok {
			continue
		}
		reading, err := hostref.Read(args, j.Key)
		if err != nil {
			t.Fatalf("reference on %s: %v", args, err)
		}
		r[j.Key] = reading
	}
	for _, j := range judged {
		ev, err := a.Parse(j.Payload(args))
		if err != nil {
			t.Fatalf("%s %s: the arguments failed the parse: %v", j.Tool, args, err)
		}
		tool := hooks.ToolOf(ev)
		if tool == nil {
			t.Fatalf("%s %s: %T has no tool", j.Tool, args, ev)
			return // t may be a testing.TB whose Fatalf returns
		}
		want, wantErr := hostref.Want(r[j.Key], false)
		gotErr := FieldErr(tool.InputErr, j.Key)
		if gotErr != wantErr || !wantErr && j.Value(tool.Input) != want {
			t.Fatalf("%s %s: %s read %q (InputErr %v); the host reads %+v", j.Tool, args, j.Key, j.Value(tool.Input), tool.InputErr, r[j.Key])
		}
	}
}

// FieldErr reports whether err, or an error it wraps or joins, is a
// [*fastjson.FieldError] for key.
func FieldErr(err error, key string) bool {
	var fe *fastjson.FieldError
	if errors.As(err, &fe) && fe.Key == key {
		return true
	}
	switch u := err.(type) {
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			if FieldErr(e, key) {
				return true
			}
		}
	case interface{ Unwrap() error }:
		return FieldErr(u.Unwrap(), key)
	}
	return false
}
