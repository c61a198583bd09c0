package hookhttp

import (
	"slices"

	"github.com/agenthooks/hooks/secrets"
)

// Redacted returns r with the secrets in its text replaced
// ([secrets.Redact]): the command, paths, working directory, reason,
// fail policy's words, warnings, session, user and the checks' notes. The
// gateway logs and hands to [Handler.OnRecord] only redacted records, so
// that a token the model put in a command (with [Handler.LogCommands]),
// or a reason or a check's note that quotes one, never reaches a log or
// a span. The slices of r are copied before a change, never written
// through.
func (r RequestRecord) Redacted() RequestRecord {
	r.Command, r.Cwd, r.Reason, r.Fail = redact(r.Command), redact(r.Cwd), redact(r.Reason), redact(r.Fail)
	r.SessionID, r.User = redact(r.SessionID), redact(r.User)
	r.Paths, r.Warnings = redactAll(r.Paths), redactAll(r.Warnings)
	cloned := false
	for i, c := range r.Checks {
		if red, n := secrets.Redact(c.Note); n > 0 {
			if !cloned {
				r.Checks, cloned = slices.Clone(r.Checks), true
			}
			r.Checks[i].Note = red
		}
	}
	return r
}

// redact returns s with its secrets replaced.
func redact(s string) string {
	red, _ := secrets.Redact(s)
	return red
}

// redactAll returns ss with the secrets of each replaced, in a copy when
// one is.
func redactAll(ss []string) []string {
	out := ss
	for i, s := range ss {
		if red, n := secrets.Redact(s); n > 0 {
			if &out[0] == &ss[0] {
				out = slices.Clone(ss)
			}
			out[i] = red
		}
	}
	return out
}
