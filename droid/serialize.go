package droid

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// The texts written when a response gives none.
const (
	defaultDeny     = "Blocked by hook"
	defaultContinue = "A stop hook asks you to continue: do not stop yet."
	defaultHalt     = "Stopped by hook"
)

// Serialize renders r as the one JSON line Droid reads on stdout, with
// exit code 0, or no output for no opinion:
//
//   - PreToolUse: hookSpecificOutput.permissionDecision "allow" or "deny"
//     with permissionDecisionReason (a deny always has one), updatedInput
//     as the complete input; a halt is continue:false with stopReason.
//     Top-level decision:block is never used there: Droid ignores it.
//   - Stop: decision "block" with reason.
//   - Context: hookSpecificOutput.additionalContext.
//
// Exit code 3, which aborts Droid's whole run, is never used. For an event
// outside the matrix a deny is exit code 2 with the reason on stderr.
func (*Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if ev == nil {
		return hooks.Output{}, errors.New("droid: no event")
	}
	native := ev.Common().NativeEvent
	if !inMatrix(native) {
		if r.Decision == hooks.DecisionDeny || r.Decision == hooks.DecisionAsk {
			return hooks.Output{ExitCode: 2, Stderr: oneLine(orDefault(r.Reason, defaultDeny))}, nil
		}
		return hooks.Output{}, nil
	}
	honours := hooks.Supports(capabilities[:], native)
	if !honours.Has(hooks.FieldReason) {
		r.Reason = ""
	}
	var out HookOutput
	spec := func() *HookSpecificOutput {
		if out.HookSpecificOutput == nil {
			out.HookSpecificOutput = &HookSpecificOutput{HookEventName: native}
		}
		return out.HookSpecificOutput
	}
	switch native {
	case EventPreToolUse:
		switch {
		case r.Decision == hooks.DecisionDeny:
			spec().PermissionDecision, out.HookSpecificOutput.PermissionDecisionReason = "deny", orDefault(r.Reason, defaultDeny)
		case r.Decision == hooks.DecisionAllow:
			spec().PermissionDecision, out.HookSpecificOutput.PermissionDecisionReason = "allow", r.Reason
		}
		if r.UpdatedInput != nil && r.Decision != hooks.DecisionDeny && honours.Has(hooks.FieldUpdatedInput) {
			t := hooks.ToolOf(ev)
			if t == nil {
				return hooks.Output{}, errors.New("droid: an updated input on an event without a tool")
			}
			in, err := nativeInput(t, r.UpdatedInput)
			if err != nil {
				return hooks.Output{}, fmt.Errorf("droid: %w", err)
			}
			spec().UpdatedInput = in
		}
		if r.Halt && honours.Has(hooks.FieldHalt) {
			f := false
			out.Continue, out.StopReason = &f, orDefault(r.Reason, defaultHalt)
		}
	case EventStop:
		if r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny) {
			out.Decision, out.Reason = "block", orDefault(r.Reason, defaultContinue)
		}
	}
	if r.Context != "" && honours.Has(hooks.FieldContext) {
		spec().AdditionalContext = r.Context
	}
	if out.Continue == nil && out.Decision == "" && out.HookSpecificOutput == nil {
		return hooks.Output{}, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&out); err != nil {
		return hooks.Output{}, fmt.Errorf("droid: encode output: %w", err)
	}
	return hooks.Output{Stdout: buf.Bytes()}, nil
}

func orDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// oneLine folds s onto one line (stderr carries one line).
func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}
