package pi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/shim"
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
	if native == EventToolResult {
		return readResult(out)
	}
	return shim.Read(&shimHost, native, out)
}

// readResult is ReadAnswer on tool_result: the extension appends one text
// to the tool's result, the first of a failure's text ("agenthooks: " and
// why), a block's reason, and context.
func readResult(out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	fail := func(why string) hostfacts.Reading {
		return hostfacts.Reading{Context: "agenthooks: " + why, Failed: why, Notes: []string{"the tool has run; the extension tells the model: " + why}}
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
