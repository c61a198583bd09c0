package droid

import (
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
)

// defaultHalt is the stop reason written when a halt gives none.
const defaultHalt = "Stopped by hook"

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
	if !claudewire.InMatrix(capabilities[:], native) {
		return claudewire.Outside(r), nil
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
			spec().PermissionDecision, out.HookSpecificOutput.PermissionDecisionReason = "deny", claudewire.OrDefault(r.Reason, claudewire.DefaultDeny)
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
			out.Continue, out.StopReason = &f, claudewire.OrDefault(r.Reason, defaultHalt)
		}
	case EventStop:
		if r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny) {
			out.Decision, out.Reason = "block", claudewire.OrDefault(r.Reason, claudewire.DefaultContinue)
		}
	}
	if r.Context != "" && honours.Has(hooks.FieldContext) {
		spec().AdditionalContext = r.Context
	}
	if out.Continue == nil && out.Decision == "" && out.HookSpecificOutput == nil {
		return hooks.Output{}, nil
	}
	return claudewire.Encode(Host, &out)
}
