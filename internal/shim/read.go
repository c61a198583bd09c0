package shim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// Read is what the shim of host h does with out, a hook's answer to the
// native event (written from the shim's code, not the serializer's). On
// the tool events: exit 2 blocks with stderr (or [DefaultDeny]); exit 0
// with nothing is no opinion; exit 0 with one JSON object acts on
// decision "block" (a deny with its reason), the new input (h.InputKey,
// on h.Before) and context (on h.After); anything else blocks with the
// shim's own text. On other events nothing the hook answers has an
// effect.
func Read(h *Host, native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	if native != h.Before && native != h.After {
		if out.ExitCode != 0 || len(bytes.TrimSpace(out.Stdout)) > 0 {
			v.Ignored = "the " + h.Shim + " acts on no answer to " + native
		}
		return v
	}
	fail := func(why string) hostfacts.Reading {
		return hostfacts.Reading{Decision: hooks.DecisionDeny, Reason: "Blocked: " + why + " (agenthooks fails closed when its hook cannot answer)",
			Failed: why, Notes: []string{"the " + h.Shim + " blocks the call: " + why}}
	}
	switch out.ExitCode {
	case 0:
	case 2:
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(strings.TrimSpace(out.Stderr), DefaultDeny), DefaultDeny)
		return v
	default:
		return fail(fmt.Sprintf("the hook exited with code %d", out.ExitCode))
	}
	s := bytes.TrimSpace(out.Stdout)
	if len(s) == 0 {
		return v
	}
	// Both hosts' input members are fields, so that each is matched as
	// encoding/json matches a field; only h.InputKey's is read.
	var a struct {
		Decision *json.RawMessage `json:"decision"`
		Reason   json.RawMessage  `json:"reason"`
		Args     json.RawMessage  `json:"args"`
		Input    json.RawMessage  `json:"input"`
		Context  json.RawMessage  `json:"context"`
	}
	if s[0] != '{' || verdict.OneJSON(s, &a) != nil {
		return fail("the hook's answer is not one JSON object")
	}
	if a.Decision != nil {
		var d string
		json.Unmarshal(*a.Decision, &d)
		switch d {
		case "block":
			var r string
			json.Unmarshal(a.Reason, &r)
			if strings.TrimSpace(r) == "" {
				r = DefaultDeny
			}
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(r, DefaultDeny)
			return v
		case "allow":
		default:
			return fail("the hook's decision " + string(*a.Decision) + " is not one the " + h.Shim + " knows")
		}
	}
	in := a.Args
	if h.InputKey == "input" {
		in = a.Input
	}
	if native == h.Before && in != nil {
		if t := bytes.TrimSpace(in); len(t) == 0 || t[0] != '{' {
			return fail(h.BadInput)
		}
		v.UpdatedInput = in
	}
	if native == h.After && a.Context != nil {
		var c string
		if json.Unmarshal(a.Context, &c) == nil {
			v.Context = c
		}
	}
	return v
}
