package qwen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// The texts written when a response gives none: Qwen would otherwise
// show "No reason provided".
const (
	defaultDeny     = "Blocked by hook"
	defaultContinue = "A stop hook asks you to continue: do not stop yet."
)

// Serialize renders r as the one JSON line Qwen Code reads on stdout, with
// exit code 0:
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
	if !inMatrix(native) {
		if r.Decision == hooks.DecisionDeny || r.Decision == hooks.DecisionAsk {
			reason := oneLine(orDefault(r.Reason, defaultDeny))
			if json.Valid([]byte(reason)) {
				// Qwen parses a JSON stderr as the hook's answer, where
				// {"decision":"allow"} would allow: never let a reason be one.
				reason = defaultDeny + ": " + reason
			}
			return hooks.Output{ExitCode: 2, Stderr: reason}, nil
		}
		return hooks.Output{}, nil
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
		spec().PermissionDecision, out.HookSpecificOutput.PermissionDecisionReason = "deny", orDefault(reason, defaultDeny)
	case native == EventPreToolUse && r.Decision == hooks.DecisionAsk && honours.Has(hooks.FieldAsk):
		spec().PermissionDecision, out.HookSpecificOutput.PermissionDecisionReason = "ask", orDefault(reason, defaultDeny)
	case (native == EventStop || native == EventSubagentStop) && r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny):
		out.Decision, out.Reason = "block", orDefault(reason, defaultContinue)
	case r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny):
		out.Decision, out.Reason = "block", orDefault(reason, defaultDeny)
	}
	if r.Context != "" && honours.Has(hooks.FieldContext) {
		spec().AdditionalContext = r.Context
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&out); err != nil {
		return hooks.Output{}, fmt.Errorf("qwen: encode output: %w", err)
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
