package hookhttp

import (
	"slices"
	"strings"
	"sync/atomic"

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
	r.redact()
	return r
}

// redact is Redacted in place (a record is 400 bytes, each copy counts).
func (r *RequestRecord) redact() {
	r.Command, r.Cwd, r.Reason, r.Fail = redact(r.Command), redact(r.Cwd), redact(r.Reason), redact(r.Fail)
	r.SessionID, r.User = redactShort(r.SessionID), redactShort(r.User)
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
}

// redact returns s with its secrets replaced.
func redact(s string) string {
	red, _ := secrets.Redact(s)
	return red
}

// redactShort is redact for a text that recurs, request after request:
// a session's id, a developer's name. The last texts of at most
// maxClean bytes found to hold no secret are remembered, one in each of
// cleanSlots slots, and given again without a scan (about 500
// instructions each); a text that held one is redacted each time, so
// that no secret is kept.
func redactShort(s string) string {
	if s == "" || len(s) > maxClean {
		return redact(s)
	}
	// The slot: a few of its bytes and its length, cheaper than a hash;
	// texts that share one only take it from each other.
	slot := &clean[(uint(len(s))^uint(s[0])<<1^uint(s[len(s)/2])<<3^uint(s[len(s)-1])<<5)%cleanSlots]
	if c := slot.Load(); c != nil && *c == s {
		return s
	}
	red, n := secrets.Redact(s)
	if n == 0 {
		c := new(string)      // s itself would be moved to the heap on every call
		*c = strings.Clone(s) // not the payload it may be a part of
		slot.Store(c)
	}
	return red
}

// clean holds texts that redactShort found to hold no secret.
var clean [cleanSlots]atomic.Pointer[string]

const (
	cleanSlots = 256
	maxClean   = 128
)

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
