package qwen

import (
	"encoding/json"
	"errors"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
)

// Serialize renders r as the one JSON line Qwen Code reads on stdout, with
// exit code 0 (a deny or an ask without a reason has one: Qwen would
// otherwise show "No reason provided"):
//
//   - PreToolUse: hookSpecificOutput.permissionDecision "deny" or "ask"
//     with permissionDecisionReason (always one: the model reads it as the
//     tool's result).
//   - UserPromptSubmit and Stop: decision "block" with reason.
//   - Context: hookSpecificOutput.additionalContext.
//   - No opinion: "{}". With an empty stdout Qwen would read stderr, where
//     warnings go, and take plain text there as context for the model on
//     SessionStart and UserPromptSubmit.
//
// For an event outside the matrix a deny is exit code 2 with the reason on
// stderr (Qwen blocks on exit code 2 only when stderr has text, so there
// always is some) and anything else is no output.
func (*Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if ev == nil {
		return hooks.Output{}, errors.New("qwen: no event")
	}
	native := ev.Common().NativeEvent
	if !claudewire.InMatrix(capabilities[:], native) {
		out := claudewire.Outside(r)
		if json.Valid([]byte(out.Stderr)) {
			// Qwen parses a JSON stderr as the hook's answer, where
			// {"decision":"allow"} would allow: never let a reason be one.
			out.Stderr = claudewire.DefaultDeny + ": " + out.Stderr
		}
		return out, nil
	}
	honours := hooks.Supports(capabilities[:], native)
	var out HookOutput
	spec := func() *HookSpecificOutput {
		if out.HookSpecificOutput == nil {
			out.HookSpecificOutput = &HookSpecificOutput{HookEventName: native}
		}
		return out.HookSpecificOutput
	}
	reason := ""
	if honours.Has(hooks.FieldReason) {
		reason = r.Reason
	}
	switch {
	case native == EventPreToolUse && r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny):
		spec().PermissionDecision, out.HookSpecificOutput.PermissionDecisionReason = "deny", claudewire.OrDefault(reason, claudewire.DefaultDeny)
	case native == EventPreToolUse && r.Decision == hooks.DecisionAsk && honours.Has(hooks.FieldAsk):
		spec().PermissionDecision, out.HookSpecificOutput.PermissionDecisionReason = "ask", claudewire.OrDefault(reason, claudewire.DefaultDeny)
	case (native == EventStop || native == EventSubagentStop) && r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny):
		out.Decision, out.Reason = "block", claudewire.OrDefault(reason, claudewire.DefaultContinue)
	case r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny):
		out.Decision, out.Reason = "block", claudewire.OrDefault(reason, claudewire.DefaultDeny)
	}
	if r.Context != "" && honours.Has(hooks.FieldContext) {
		spec().AdditionalContext = r.Context
	}
	return claudewire.Encode(Host, &out)
}
