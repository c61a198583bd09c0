package kimi

import (
	"errors"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
)

// Serialize renders r as Kimi Code reads it: one JSON line on stdout with
// exit code 0, or no output at all for no opinion.
//
//   - A deny (PreToolUse, UserPromptSubmit, Stop) is
//     hookSpecificOutput.permissionDecision "deny" with
//     permissionDecisionReason, never the top-level permissionDecision
//     Kimi ignores; a deny always has a reason.
//   - Context on UserPromptSubmit is the top-level message.
//
// No opinion writes nothing: on UserPromptSubmit, Kimi would add any
// stdout it cannot read as JSON, "{}" included, to the conversation. For
// an event outside the matrix a deny is exit code 2 with the reason on
// stderr, which Kimi reads as a block wherever it reads one.
func (*Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if ev == nil {
		return hooks.Output{}, errors.New("kimi: no event")
	}
	native := ev.Common().NativeEvent
	if !claudewire.InMatrix(capabilities[:], native) {
		return claudewire.Outside(r), nil
	}
	honours := hooks.Supports(capabilities[:], native)
	var out HookOutput
	if r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny) {
		def := claudewire.DefaultDeny
		if native == EventStop {
			def = claudewire.DefaultContinue
		}
		reason := def
		if honours.Has(hooks.FieldReason) {
			reason = claudewire.OrDefault(r.Reason, def)
		}
		out.HookSpecificOutput = &HookSpecificOutput{HookEventName: native, PermissionDecision: "deny", PermissionDecisionReason: reason}
	}
	if r.Context != "" && honours.Has(hooks.FieldContext) && out.HookSpecificOutput == nil {
		out.Message = r.Context
	}
	if out.Message == "" && out.HookSpecificOutput == nil {
		return hooks.Output{}, nil
	}
	return claudewire.Encode(Host, &out)
}
