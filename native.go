package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Native is a host-only answer: one field of one host's own output that
// [Response] has no word for (Claude Code's "defer" permission decision,
// Gemini CLI's clearContext, Cursor's updated_mcp_tool_output, …). A
// handler attaches it with [Response.WithNative]; the host's package
// builds it (claude.Defer(), gemini.ClearContext(), …), so that its Name
// and Value are what the host reads.
//
// Only the adapter of Host applies it, and only after checking it: a Name
// the adapter does not list for the event ([NativeTaker]), a Value of the
// wrong shape, or an answer for a host whose adapter takes no native
// answers at all is refused, and the event is answered with the fail
// policy ([Handlers.Fail]), never sent half-done or dropped in silence.
// The adapter of any other host drops it with a warning, so that one
// policy can carry answers for several hosts.
type Native struct {
	// Host is the host whose adapter takes the answer.
	Host Host
	// Name is the native field, as the host's package names it
	// ("suppressOutput", "permissionDecision", "clearContext", …).
	Name string
	// Value is the field's JSON value.
	Value json.RawMessage
}

// String returns "host.name", as warnings and errors name the answer.
func (n Native) String() string { return string(n.Host) + "." + n.Name }

// WithNative returns a copy of r with ns added to its native answers.
func (r Response) WithNative(ns ...Native) Response {
	r.Native = append(slices.Clip(r.Native), ns...)
	return r
}

// NativeAnswer is one host-only answer an adapter takes ([NativeTaker]):
// a row of the host's capability data, with the evidence that the host
// acts on it.
type NativeAnswer struct {
	// Name is the native field ([Native.Name]).
	Name string
	// Events are the native events it is taken on.
	Events []string
	// Evidence says how it is known that the host acts on it:
	// "measured" (a real client run, named in Notes), "documented" (the
	// host's own documentation or source, not run here).
	Evidence string
	// Notes says what the host does with it, and where that was seen.
	Notes string
}

// A NativeTaker is an [Adapter] that takes host-only answers
// ([Response.Native]) for its host. [Serialize] refuses a native answer
// for a host whose adapter is not one, or that the adapter does not list
// for the event; the adapter's own Serialize checks each answer's value.
type NativeTaker interface {
	// NativeAnswers lists the native answers the host takes. Callers must
	// not modify it.
	NativeAnswers() []NativeAnswer
}

// fitNative keeps the native answers for a's host and drops the others,
// with a warning each.
func fitNative(a Adapter, native string, r Response) (Response, []Warning) {
	if len(r.Native) == 0 {
		return r, nil
	}
	host := a.Host()
	var kept []Native
	var ws []Warning
	for _, n := range r.Native {
		if n.Host == host {
			kept = append(kept, n)
			continue
		}
		ws = append(ws, Warning{Host: host, Event: native, Native: n.String(),
			Note: "ignored: it is for " + string(n.Host)})
	}
	r.Native = kept
	return r, ws
}

// checkNative refuses the native answers of r that a's host does not take
// on ev: every answer left after [Fit] is for a's host.
func checkNative(a Adapter, ev Event, r Response) error {
	if len(r.Native) == 0 {
		return nil
	}
	native := ev.Common().NativeEvent
	nt, ok := a.(NativeTaker)
	if !ok {
		return fmt.Errorf("native answer %s refused: the %s adapter takes no native answers", r.Native[0], a.Host())
	}
	answers := nt.NativeAnswers()
	seen := map[string]bool{}
	for _, n := range r.Native {
		if n.Host != a.Host() {
			return fmt.Errorf("native answer %s refused: it is for %s, not %s", n, n.Host, a.Host())
		}
		if seen[n.Name] {
			return fmt.Errorf("native answer %s refused: given twice", n)
		}
		seen[n.Name] = true
		if !takes(answers, n.Name, native) {
			return fmt.Errorf("native answer %s refused: %s does not take it on %s (it takes %s)",
				n, a.Host(), orUnknown(native), takenOn(answers, native))
		}
		if !json.Valid(n.Value) {
			return fmt.Errorf("native answer %s refused: its value is not valid JSON", n)
		}
	}
	return nil
}

func takes(answers []NativeAnswer, name, native string) bool {
	for _, a := range answers {
		if a.Name == name && slices.Contains(a.Events, native) {
			return true
		}
	}
	return false
}

// takenOn names the answers taken on native, for an error.
func takenOn(answers []NativeAnswer, native string) string {
	var names []string
	for _, a := range answers {
		if slices.Contains(a.Events, native) {
			names = append(names, a.Name)
		}
	}
	if len(names) == 0 {
		return "none there"
	}
	return strings.Join(names, ", ")
}

func orUnknown(native string) string {
	if native == "" {
		return "an unknown event"
	}
	return native
}

// NativeValue decodes n's Value into v, refusing fields v does not have:
// the check an adapter's Serialize makes before it writes the answer.
func NativeValue(n Native, v any) error {
	dec := json.NewDecoder(bytes.NewReader(n.Value))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("native answer %s refused: %w", n, err)
	}
	if dec.More() {
		return fmt.Errorf("native answer %s refused: more than one JSON value", n)
	}
	return nil
}
