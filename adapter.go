package hooks

import (
	"encoding/json"
	"strings"
	"time"
)

// An Adapter translates one host's native hook dialect to and from the
// unified types. The packages claude, cursor, gemini, codex, copilot, qwen,
// droid and cline each provide one (builtin.Adapters lists them); embedders can
// use them alone over any transport. What an adapter states about its host
// beyond that, for installers and test kits, is in package hostfacts.
//
// Adapters hold no per-call state and are safe for concurrent use.
type Adapter interface {
	// Host returns the host's name, as given to --host.
	Host() Host
	// Detect scores, from 0 to 1, how sure the adapter is that a payload
	// with these top-level fields comes from its host. A payload belongs to
	// a host when its score is at least DetectThreshold and no other
	// adapter's is.
	Detect(fields map[string]json.RawMessage) float64
	// Parse turns a native payload into a unified event. Host events with
	// no unified counterpart become *OtherEvent, never an error. An error
	// means the payload is not a valid event of this host. The event may
	// share payload's memory (Base.Raw is payload itself): the caller
	// must not modify payload while the event is in use.
	Parse(payload []byte) (Event, error)
	// Capabilities returns the capability matrix: which Response fields the
	// host honours on each of its native events. Callers must not modify it.
	Capabilities() []Capability
	// Serialize renders a response in the host's dialect. r holds only
	// fields the capability matrix claims for the event ([Fit] drops the
	// others), so Serialize does not warn; to answer, call the function
	// [Serialize], which fits r first, rather than this method. ev is the parsed event, or an
	// *OtherEvent with only Host and perhaps NativeEvent set when the
	// payload could not be parsed; for such an event (NativeEvent not in
	// the matrix) a deny must be rendered as the host's universal block,
	// exit code 2 with the reason in Output.Stderr (and, for a host that
	// shows an exit-2 hook's reason only from stdout, a JSON object there
	// carrying it too), and no opinion as empty output.
	Serialize(ev Event, r Response) (Output, error)
	// Timeout is the host's default time limit for a hook: the handler
	// deadline is set below it.
	Timeout() time.Duration
}

// DetectThreshold is the score a payload must reach for Detect to pick a host.
const DetectThreshold = 0.5

// Output is a serialized answer: what to write and how to exit.
type Output struct {
	// Stdout is written to standard output as is: one JSON document and a
	// newline, or nothing.
	Stdout []byte
	// Stderr, when not empty, is written to standard error as one line. Hosts
	// that read a blocking reason from stderr (exit code 2) get it here.
	Stderr string
	// ExitCode is the process exit code.
	ExitCode int
}

// Field is a Response field (or decision value) a host may or may not
// honour. Fields are bits, so a Field value is also a set of fields.
type Field uint16

// The fields of the capability matrix.
const (
	FieldAllow         Field = 1 << iota // Decision allow
	FieldDeny                            // Decision deny
	FieldAsk                             // Decision ask
	FieldReason                          // Reason
	FieldUserMessage                     // UserMessage
	FieldUpdatedInput                    // UpdatedInput
	FieldContext                         // Context
	FieldSystemMessage                   // SystemMessage
	FieldHalt                            // Halt
	FieldModelRequest                    // ModelRequest
	FieldModelResponse                   // ModelResponse
	FieldToolChoice                      // ToolChoice
	FieldUpdatedOutput                   // UpdatedOutput
)

var fieldNames = [...]string{"allow", "deny", "ask", "reason", "user_message", "updated_input", "context", "system_message", "halt",
	"model_request", "model_response", "tool_choice", "updated_output"}

// AllFields lists every Field, in order.
func AllFields() []Field {
	fs := make([]Field, len(fieldNames))
	for i := range fs {
		fs[i] = 1 << i
	}
	return fs
}

// Has reports whether the set f contains every field of g.
func (f Field) Has(g Field) bool { return f&g == g }

// String returns the field's name ("deny", "context", …), or the names of
// a set joined by "|".
func (f Field) String() string {
	var parts []string
	for i, n := range fieldNames {
		if f&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, "|")
}

// Fields returns the set of fields r uses.
func (r Response) Fields() Field {
	var f Field
	switch r.Decision {
	case DecisionAllow:
		f |= FieldAllow
	case DecisionDeny:
		f |= FieldDeny
	case DecisionAsk:
		f |= FieldAsk
	}
	if r.Reason != "" {
		f |= FieldReason
	}
	if r.UserMessage != "" {
		f |= FieldUserMessage
	}
	if r.UpdatedInput != nil {
		f |= FieldUpdatedInput
	}
	if r.Context != "" {
		f |= FieldContext
	}
	if r.SystemMessage != "" {
		f |= FieldSystemMessage
	}
	if r.Halt {
		f |= FieldHalt
	}
	if r.UpdatedOutput != nil {
		f |= FieldUpdatedOutput
	}
	return f | r.modelFields()
}

// Capability is one row of a host's capability matrix.
type Capability struct {
	// Native is the host's event name.
	Native string
	// Event is the unified event it maps to ("" for host-only events).
	Event EventName
	// Honours is the set of Response fields the host acts on for this event.
	Honours Field
	// Notes says how, where that is not obvious (optional).
	Notes string
}

// Supports returns the fields honoured on a native event (0 when the event
// is not in caps).
func Supports(caps []Capability, native string) Field {
	for i := range caps {
		if caps[i].Native == native {
			return caps[i].Honours
		}
	}
	return 0
}

// ActsOnNoAnswer reports whether a host with the capability matrix caps
// acts on no answer at all to the native event: caps has a row for it,
// mapped to no unified event, that honours nothing (Qwen Code's
// MessageDisplay). An event with no row is not one: a deny may stop it.
// [Result.Write] and the HTTP bridge then exit with the answer's own code
// when the answer cannot be written, rather than report a failure the host
// would only log.
func ActsOnNoAnswer(caps []Capability, native string) bool {
	for i := range caps {
		if caps[i].Native == native {
			return caps[i].Honours == 0 && caps[i].Event == ""
		}
	}
	return false
}

// Warning says that a response field was dropped or changed because the
// host cannot honour it on the event.
type Warning struct {
	Host  Host
	Event string // native event name
	Field Field
	// Note says what happened instead ("dropped", "sent as deny", …).
	Note string
	// Rule reports that the field was dropped by a rule of this library
	// (the stop loop guard, a reason with no decision), not because the
	// host cannot honour it.
	Rule bool
	// Native, when set, names the native answer ([Native.String]) that
	// was dropped, in place of Field.
	Native string
}

// String is the one-line form written to stderr.
func (w Warning) String() string {
	ev := w.Event
	if ev == "" {
		ev = "an unknown event"
	}
	if w.Native != "" {
		return "hooks: " + string(w.Host) + " " + ev + ": native answer " + w.Native + " " + w.Note
	}
	if w.Rule {
		return "hooks: " + string(w.Host) + " " + ev + ": " + w.Field.String() + " " + w.Note
	}
	return "hooks: " + string(w.Host) + " does not honour " + w.Field.String() + " on " + ev + ": " + w.Note
}

// ParseWarning reads back a line written by Warning.String, for tools that
// see a hook only through its stderr (test kits, log scrapers).
func ParseWarning(line string) (Warning, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "hooks: ")
	if !ok {
		return Warning{}, false
	}
	host, rest, ok := strings.Cut(rest, " ")
	if !ok {
		return Warning{}, false
	}
	w := Warning{Host: Host(host)}
	if ev, r, ok := strings.Cut(rest, ": native answer "); ok {
		w.Event = ev
		if w.Native, w.Note, ok = strings.Cut(r, " "); !ok {
			return Warning{}, false
		}
		if w.Event == "an unknown event" {
			w.Event = ""
		}
		return w, true
	}
	var names string
	if r, ok := strings.CutPrefix(rest, "does not honour "); ok {
		var ok1, ok2 bool
		names, r, ok1 = strings.Cut(r, " on ")
		w.Event, w.Note, ok2 = strings.Cut(r, ": ")
		if !ok1 || !ok2 {
			return Warning{}, false
		}
	} else {
		var ok1, ok2 bool
		w.Event, r, ok1 = strings.Cut(rest, ": ")
		names, w.Note, ok2 = strings.Cut(r, " ")
		if !ok1 || !ok2 {
			return Warning{}, false
		}
		w.Rule = true
	}
	for _, n := range strings.Split(names, "|") {
		f := fieldNamed(n)
		if f == 0 {
			return Warning{}, false
		}
		w.Field |= f
	}
	if w.Event == "an unknown event" {
		w.Event = ""
	}
	return w, true
}

func fieldNamed(name string) Field {
	for i, n := range fieldNames {
		if n == name {
			return 1 << i
		}
	}
	return 0
}
