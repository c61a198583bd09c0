package copilot

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
)

// Serialize renders r as the one JSON line Copilot reads on stdout, with
// exit code 0, or no output at all for no opinion:
//
//   - preToolUse and PreToolUse: flat permissionDecision ("allow", "deny",
//     "ask") and permissionDecisionReason, never hookSpecificOutput (a
//     camelCase registration ignores it, and the tool would run). A deny
//     always has a reason: exit code 2 would block too, but the model
//     would read only "hook exited with code 2".
//   - A rewrite: on preToolUse, modifiedArgs; on PreToolUse,
//     hookSpecificOutput {permissionDecision allow, updatedInput}. Both
//     replace the arguments, so they hold the complete arguments: the
//     original ones with the typed fields written over them.
//   - permissionRequest: {behavior, message}, plus interrupt:true for a
//     halt (which is a deny that also ends the agent).
//   - postToolUse, userPromptSubmitted, agentStop (and their PascalCase
//     names): decision "block" with reason.
//   - Context: additionalContext.
//
// For an event outside the matrix (an unknown name, or a payload that
// could not be parsed) a deny is exit code 2, which Copilot treats as a
// deny, with the reason on stderr and as a flat deny on stdout, since
// Copilot shows the model only the latter.
func (a *Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if ev == nil {
		return hooks.Output{}, errors.New("copilot: no event")
	}
	native := ev.Common().NativeEvent
	if !inMatrix(native) {
		if r.Decision == hooks.DecisionDeny || r.Decision == hooks.DecisionAsk {
			return genericBlock(orDefault(r.Reason, defaultDeny))
		}
		return hooks.Output{}, nil
	}
	// postToolUse's block is what replaces the result the model reads.
	r = mask(hooks.OutputAsBlock(r), hooks.Supports(capabilities[:], native))
	event, _ := camelEvent(native)

	var out HookOutput
	switch event {
	case EventPreToolUse:
		switch r.Decision {
		case hooks.DecisionAllow:
			out.PermissionDecision, out.PermissionDecisionReason = "allow", r.Reason
		case hooks.DecisionDeny:
			out.PermissionDecision, out.PermissionDecisionReason = "deny", orDefault(r.Reason, defaultDeny)
		case hooks.DecisionAsk:
			out.PermissionDecision, out.PermissionDecisionReason = "ask", orDefault(r.Reason, defaultDeny)
		}
		if r.UpdatedInput != nil && r.Decision != hooks.DecisionDeny && r.Decision != hooks.DecisionAsk {
			t := hooks.ToolOf(ev)
			if t == nil {
				return hooks.Output{}, errors.New("copilot: an updated input on an event without a tool")
			}
			args, err := nativeArgs(t, r.UpdatedInput)
			if err != nil {
				return hooks.Output{}, fmt.Errorf("copilot: %w", err)
			}
			if isPascal(native) {
				// The measured rewrite of a PascalCase registration.
				out.PermissionDecision, out.PermissionDecisionReason = "", ""
				out.HookSpecificOutput = &HookSpecificOutput{HookEventName: native, PermissionDecision: "allow", UpdatedInput: args}
			} else {
				out.ModifiedArgs = args
			}
		}
	case EventPermissionRequest:
		switch {
		case r.Decision == hooks.DecisionDeny || r.Halt:
			out.Behavior, out.Message, out.Interrupt = "deny", orDefault(r.Reason, defaultDeny), r.Halt
		case r.Decision == hooks.DecisionAllow:
			out.Behavior = "allow"
		}
	case EventAgentStop:
		if r.Decision == hooks.DecisionDeny {
			out.Decision, out.Reason = "block", orDefault(r.Reason, defaultContinue)
		}
	default:
		if r.Decision == hooks.DecisionDeny {
			out.Decision, out.Reason = "block", orDefault(r.Reason, defaultDeny)
		}
	}
	out.AdditionalContext = r.Context
	if isZero(&out) {
		return hooks.Output{}, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&out); err != nil {
		return hooks.Output{}, fmt.Errorf("copilot: encode output: %w", err)
	}
	return hooks.Output{Stdout: buf.Bytes()}, nil
}

// genericBlock is the deny for an event outside the matrix (an unknown
// name, or a payload that could not be parsed, such as a fail-closed
// answer to a broken payload): exit code 2, which every Copilot event
// treats as a block, with the reason on stderr and also as a flat deny on
// stdout. Copilot drops an exit-2 hook's stderr; on preToolUse it shows
// the model the reason of a deny on stdout instead (measured on 1.0.102:
// exit 2 alone reads "hook exited with code 2"), and the other events
// ignore the unknown fields.
func genericBlock(reason string) (hooks.Output, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&HookOutput{PermissionDecision: "deny", PermissionDecisionReason: reason}); err != nil {
		return hooks.Output{}, fmt.Errorf("copilot: encode output: %w", err)
	}
	return hooks.Output{Stdout: buf.Bytes(), ExitCode: 2, Stderr: oneLine(reason)}, nil
}

func isZero(o *HookOutput) bool {
	return o.PermissionDecision == "" && o.PermissionDecisionReason == "" && o.ModifiedArgs == nil &&
		o.Behavior == "" && o.Message == "" && !o.Interrupt && o.Decision == "" && o.Reason == "" &&
		o.AdditionalContext == "" && o.HookSpecificOutput == nil
}

// mask clears the fields of r that honours does not contain, so that an
// unfitted response never writes what Copilot would misread.
func mask(r hooks.Response, honours hooks.Field) hooks.Response {
	if d := r.Decision; d == hooks.DecisionAllow && !honours.Has(hooks.FieldAllow) ||
		d == hooks.DecisionDeny && !honours.Has(hooks.FieldDeny) ||
		d == hooks.DecisionAsk && !honours.Has(hooks.FieldAsk) {
		r.Decision = hooks.NoDecision
	}
	if !honours.Has(hooks.FieldReason) {
		r.Reason = ""
	}
	if !honours.Has(hooks.FieldUpdatedInput) {
		r.UpdatedInput = nil
	}
	if !honours.Has(hooks.FieldContext) {
		r.Context = ""
	}
	if !honours.Has(hooks.FieldHalt) {
		r.Halt = false
	}
	r.UserMessage, r.SystemMessage = "", ""
	return r
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
