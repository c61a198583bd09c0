package shim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// DefaultDeny is the reason written when a deny gives none, and the
// shim's own when a block (exit 2) has no reason on stderr.
const DefaultDeny = "Blocked by hook"

// Reply is the members of a shim's answer, which a host's Answer type
// holds under its own names.
type Reply struct {
	Decision, Reason string
	Input            json.RawMessage
	Context          string
}

// Serialize renders r for the shim of host h, whose capability matrix is
// caps: one JSON object on stdout with exit code 0 (answer builds the
// host's Answer value from the members, which is encoded), or no output
// for no opinion. A deny is {"decision":"block","reason":…}, always with
// a reason; an updated input is the complete input, from input (the
// call's own, with the fields of the typed input replaced); context is
// {"context":…}. For an event outside the matrix a deny or an ask is exit
// code 2 with the reason on stderr, which the shim also takes as a block.
func Serialize(h *Host, caps []hooks.Capability, ev hooks.Event, r hooks.Response,
	input func(*hooks.Tool, hooks.ToolInput) (json.RawMessage, error), answer func(Reply) any) (hooks.Output, error) {
	if ev == nil {
		return hooks.Output{}, errors.New(h.Name + ": no event")
	}
	native := ev.Common().NativeEvent
	if !InMatrix(caps, native) {
		if r.Decision == hooks.DecisionDeny || r.Decision == hooks.DecisionAsk {
			return hooks.Output{ExitCode: 2, Stderr: OneLine(OrDefault(r.Reason, DefaultDeny))}, nil
		}
		return hooks.Output{}, nil
	}
	honours := hooks.Supports(caps, native)
	var a Reply
	if r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny) {
		a.Decision, a.Reason = "block", DefaultDeny
		if honours.Has(hooks.FieldReason) {
			a.Reason = OrDefault(r.Reason, DefaultDeny)
		}
	}
	if r.UpdatedInput != nil && a.Decision == "" && honours.Has(hooks.FieldUpdatedInput) {
		t := hooks.ToolOf(ev)
		if t == nil {
			return hooks.Output{}, errors.New(h.Name + ": an updated input on an event without a tool")
		}
		in, err := input(t, r.UpdatedInput)
		if err != nil {
			return hooks.Output{}, fmt.Errorf("%s: %w", h.Name, err)
		}
		a.Input = in
	}
	if r.Context != "" && honours.Has(hooks.FieldContext) {
		a.Context = r.Context
	}
	if a.Decision == "" && a.Input == nil && a.Context == "" {
		return hooks.Output{}, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(answer(a)); err != nil {
		return hooks.Output{}, fmt.Errorf("%s: encode answer: %w", h.Name, err)
	}
	return hooks.Output{Stdout: buf.Bytes()}, nil
}

// InMatrix reports whether native has a row in caps.
func InMatrix(caps []hooks.Capability, native string) bool {
	for i := range caps {
		if caps[i].Native == native {
			return true
		}
	}
	return false
}

// OrDefault is s, or def when s is blank.
func OrDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// OneLine folds s onto one line (stderr carries one line).
func OneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}
