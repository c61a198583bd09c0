package pi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// ReadAnswer implements hostfacts.AnswerReader: what extension.js does with
// a hook's answer (written from the extension's code, not the
// serializer's). On tool_call: exit 2 blocks with stderr (or "Blocked by
// hook"); exit 0 with nothing is no opinion; exit 0 with one JSON object
// acts on decision "block" (a deny with its reason) and input (the new
// input); anything else blocks with the extension's own text. On
// tool_result the tool has run: context, a block's reason, or the
// extension's text about a hook that failed is appended to the result
// (see [readResult]). On session events nothing the hook answers has an
// effect.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	if native != EventToolCall && native != EventToolResult {
		if out.ExitCode != 0 || len(bytes.TrimSpace(out.Stdout)) > 0 {
			v.Ignored = "the extension acts on no answer to " + native
		}
		return v
	}
	if native == EventToolResult {
		return readResult(out)
	}
	fail := func(why string) hostfacts.Reading {
		return hostfacts.Reading{Decision: hooks.DecisionDeny, Reason: "Blocked: " + why + " (agenthooks fails closed when its hook cannot answer)",
			Notes: []string{"the extension blocks the call: " + why}}
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
				r = "Blocked by hook"
			}
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(r, "Blocked by hook")
			return v
		case "allow":
		default:
			return fail("the hook's decision " + string(*a.Decision) + " is not one the extension knows")
		}
	}
	if native == EventToolCall && a.Input != nil {
		if t := bytes.TrimSpace(a.Input); len(t) == 0 || t[0] != '{' {
			return fail("the hook's input is not a JSON object")
		}
		v.UpdatedInput = a.Input
	}
	if native == EventToolResult && a.Context != nil {
		var c string
		if json.Unmarshal(a.Context, &c) == nil {
			v.Context = c
		}
	}
	return v
}

// readResult is ReadAnswer on tool_result: the extension appends one text
// to the tool's result, the first of a failure's text ("agenthooks: " and
// why), a block's reason, and context.
func readResult(out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	fail := func(why string) hostfacts.Reading {
		return hostfacts.Reading{Context: "agenthooks: " + why, Notes: []string{"the tool has run; the extension tells the model: " + why}}
	}
	switch out.ExitCode {
	case 0:
	case 2:
		v.Context = verdict.FirstOf(strings.TrimSpace(out.Stderr), "Blocked by hook")
		v.Notes = []string{"the tool has run; the extension appends the block's reason to its result"}
		return v
	default:
		return fail(fmt.Sprintf("the hook exited with code %d", out.ExitCode))
	}
	s := bytes.TrimSpace(out.Stdout)
	if len(s) == 0 {
		return v
	}
	var a struct {
		Decision json.RawMessage `json:"decision"`
		Reason   json.RawMessage `json:"reason"`
		Context  json.RawMessage `json:"context"`
	}
	if s[0] != '{' || verdict.OneJSON(s, &a) != nil {
		return fail("the hook's answer is not JSON")
	}
	var d, r, c string
	json.Unmarshal(a.Decision, &d)
	json.Unmarshal(a.Reason, &r)
	json.Unmarshal(a.Context, &c)
	if d == "block" {
		v.Context = verdict.FirstOf(r, "Blocked by hook")
		v.Notes = []string{"the tool has run; the extension appends the block's reason to its result"}
		return v
	}
	v.Context = c
	return v
}
