package opencode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// ReadAnswer implements hostfacts.AnswerReader: what plugin.js does with
// a hook's answer (written from the plugin's code, not the serializer's).
// On the tool callbacks: exit 2 blocks with stderr (or "Blocked by hook");
// exit 0 with nothing is no opinion; exit 0 with one JSON object acts on
// decision "block" (a deny with its reason), args (the new arguments, on
// tool.execute.before) and context (appended to the output, on
// tool.execute.after); anything else blocks with the plugin's own text.
// On session events nothing the hook answers has an effect.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	if native != EventToolBefore && native != EventToolAfter {
		if out.ExitCode != 0 || len(bytes.TrimSpace(out.Stdout)) > 0 {
			v.Ignored = "the plugin acts on no answer to " + native
		}
		return v
	}
	fail := func(why string) hostfacts.Reading {
		return hostfacts.Reading{Decision: hooks.DecisionDeny, Reason: "Blocked: " + why + " (agenthooks fails closed when its hook cannot answer)",
			Notes: []string{"the plugin blocks the call: " + why}}
	}
	switch out.ExitCode {
	case 0:
	case 2:
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(strings.TrimSpace(out.Stderr), "Blocked by hook"), "Blocked by hook")
		return v
	default:
		return fail(fmt.Sprintf("the hook exited with code %d", out.ExitCode))
	}
	s := bytes.TrimSpace(out.Stdout)
	if len(s) == 0 {
		return v
	}
	var a struct {
		Decision *json.RawMessage `json:"decision"`
		Reason   json.RawMessage  `json:"reason"`
		Args     json.RawMessage  `json:"args"`
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
				r = "Blocked by hook"
			}
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(r, "Blocked by hook")
			return v
		case "allow":
		default:
			return fail("the hook's decision " + string(*a.Decision) + " is not one the plugin knows")
		}
	}
	if native == EventToolBefore && a.Args != nil {
		if t := bytes.TrimSpace(a.Args); len(t) == 0 || t[0] != '{' {
			return fail("the hook's args are not a JSON object")
		}
		v.UpdatedInput = a.Args
	}
	if native == EventToolAfter && a.Context != nil {
		var c string
		if json.Unmarshal(a.Context, &c) == nil {
			v.Context = c
		}
	}
	return v
}
