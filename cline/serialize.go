package cline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/agenthooks/hooks"
)

// The texts written when a response gives none.
const (
	defaultDeny = "Blocked by hook"
	defaultHalt = "Stopped by hook"
)

// denyScript is the script of the command a denied run_commands call runs
// instead: it prints its first argument, the reason, on stderr and fails.
// The reason is an argument of a direct run, never shell text.
const denyScript = `printf '%s\n' "$1" >&2; exit 1`

// Serialize renders r as the JSON object Cline reads on stdout (exit code
// 0, which Cline ignores anyway), or no output for no opinion (Cline takes
// empty stdout for {}):
//
//   - PreToolUse deny of run_commands: overrideInput {commands: [{command:
//     "sh", args: ["-c", denyScript, "hooks", reason]}]}, so that none of
//     the model's commands runs, the model reads the reason as the
//     command's error and the run goes on. A deny of any other tool (or on
//     Windows) is cancel:true with the reason as errorMessage: the whole
//     run is aborted, and the model is not told.
//   - UpdatedInput: overrideInput, the tool's whole input.
//   - Halt: cancel:true, errorMessage the reason.
//   - Context: contextModification.
//
// For an event outside the matrix (or a payload that could not be parsed)
// a deny is cancel:true, the only answer by which Cline blocks whatever
// the event, and exit code 2 with the reason on stderr.
func (*Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if ev == nil {
		return hooks.Output{}, errors.New("cline: no event")
	}
	native := ev.Common().NativeEvent
	if !inMatrix(native) {
		if r.Decision == hooks.DecisionDeny || r.Decision == hooks.DecisionAsk || r.Halt {
			reason := orDefault(r.Reason, defaultDeny)
			out, err := encode(HookOutput{Cancel: true, ErrorMessage: reason})
			out.ExitCode, out.Stderr = 2, oneLine(reason)
			return out, err
		}
		return hooks.Output{}, nil
	}
	honours := hooks.Supports(capabilities[:], native)
	var o HookOutput
	switch {
	case r.Halt && honours.Has(hooks.FieldHalt):
		o.Cancel, o.ErrorMessage = true, orDefault(r.Reason, orDefault(r.UserMessage, defaultHalt))
	case r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny):
		reason := orDefault(r.Reason, defaultDeny)
		if t := hooks.ToolOf(ev); t != nil && t.Name == ToolRunCommands && runtime.GOOS != "windows" {
			in, err := marshal(map[string]any{"commands": []any{map[string]any{
				"command": "sh", "args": []string{"-c", denyScript, "hooks", noNUL(reason)}}}})
			if err != nil {
				return hooks.Output{}, fmt.Errorf("cline: %w", err)
			}
			o.OverrideInput = in
		} else {
			o.Cancel, o.ErrorMessage = true, reason
		}
	case r.UpdatedInput != nil && honours.Has(hooks.FieldUpdatedInput):
		t := hooks.ToolOf(ev)
		if t == nil {
			return hooks.Output{}, errors.New("cline: an updated input on an event without a tool")
		}
		in, err := nativeInput(t, r.UpdatedInput)
		if err != nil {
			return hooks.Output{}, fmt.Errorf("cline: %w", err)
		}
		o.OverrideInput = in
	}
	if r.Context != "" && honours.Has(hooks.FieldContext) && !o.Cancel {
		o.ContextModification = r.Context
	}
	if !o.Cancel && o.OverrideInput == nil && o.ContextModification == "" {
		return hooks.Output{}, nil
	}
	return encode(o)
}

// encode writes o as one JSON line.
func encode(o HookOutput) (hooks.Output, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&o); err != nil {
		return hooks.Output{}, fmt.Errorf("cline: encode output: %w", err)
	}
	return hooks.Output{Stdout: buf.Bytes()}, nil
}

func orDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// noNUL drops NUL characters, which no process argument can hold (Cline
// would fail to start the command, and the model would not read the
// reason).
func noNUL(s string) string { return strings.ReplaceAll(s, "\x00", "") }

// oneLine folds s onto one line (stderr carries one line).
func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}
