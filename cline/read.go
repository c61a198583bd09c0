package cline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// Cline CLI's reading of a hook's answer (3.0.65, measured and read in its
// bundle): the exit code is ignored; stdout is the last line starting
// with "HOOK_CONTROL\t" (the prefix cut) or else all of it, trimmed;
// empty stdout is {}; stdout that is not JSON is an error Cline logs, and
// it goes on as if no hook had run. Of the object it reads cancel,
// contextModification (or context), errorMessage and overrideInput:
// cancel:true aborts the run (on PreToolUse the tool does not run; the
// model is not told, errorMessage goes to the log); otherwise
// contextModification, or errorMessage when it is empty, is added for the
// model, and overrideInput replaces the tool's input. Only PreToolUse and
// PostToolUse answers are read (TaskStart and TaskResume hooks are not
// waited for).

// answered lists the events whose answer Cline reads.
var answered = []string{EventPreToolUse, EventPostToolUse}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	text := controlText(out.Stdout)
	if text == "" {
		if out.ExitCode != 0 {
			v.Ignored = fmt.Sprintf("exit %d with nothing on stdout: Cline ignores exit codes and lets the tool run", out.ExitCode)
		}
		return v
	}
	var o struct {
		Cancel              *bool           `json:"cancel"`
		Context             *string         `json:"context"`
		ContextModification *string         `json:"contextModification"`
		ErrorMessage        *string         `json:"errorMessage"`
		OverrideInput       json.RawMessage `json:"overrideInput"`
	}
	if err := json.Unmarshal([]byte(text), &o); err != nil {
		v.Ignored = "stdout is not one JSON object of Cline's control fields: Cline logs an error and the tool runs"
		return v
	}
	listened := false
	for _, e := range answered {
		listened = listened || e == native
	}
	if !listened {
		v.Notes = append(v.Notes, "Cline ignores the answer on "+native)
		return v
	}
	errMsg := deref(o.ErrorMessage)
	if o.Cancel != nil && *o.Cancel {
		v.Halt = true
		v.Reason = strings.TrimSpace(errMsg)
		v.Placeholder = v.Reason == defaultDeny || v.Reason == defaultHalt
		if native == EventPreToolUse {
			v.Decision = hooks.DecisionDeny
		}
		v.Notes = append(v.Notes, "cancel aborts the whole run; the model is never told the reason (Cline logs it)")
		return v
	}
	switch {
	case o.Context != nil:
		v.Context = *o.Context
	case o.ContextModification != nil:
		v.Context = *o.ContextModification
	default:
		v.Context = strings.TrimSpace(errMsg)
	}
	if len(o.OverrideInput) > 0 && native == EventPreToolUse {
		if reason, ok := denyOverride(o.OverrideInput); ok {
			v.Decision, v.Reason = hooks.DecisionDeny, reason
			v.Placeholder = reason == defaultDeny
		} else {
			v.UpdatedInput = o.OverrideInput
		}
	}
	return v
}

// controlText is the JSON text Cline parses out of stdout.
func controlText(stdout []byte) string {
	s := strings.TrimSpace(string(stdout))
	var last string
	found := false
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "HOOK_CONTROL\t") {
			last, found = l[len("HOOK_CONTROL\t"):], true
		}
	}
	if found {
		return last
	}
	return s
}

// denyOverride reports whether a run_commands input runs nothing but one
// sh that prints a reason and fails, and returns the reason.
func denyOverride(raw json.RawMessage) (string, bool) {
	var in struct {
		Commands []struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
		} `json:"commands"`
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if d.Decode(&in) != nil || len(in.Commands) != 1 {
		return "", false
	}
	c := in.Commands[0]
	if c.Command != "sh" || len(c.Args) != 4 || c.Args[0] != "-c" || c.Args[1] != denyScript {
		return "", false
	}
	return c.Args[3], true
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
