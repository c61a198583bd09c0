package kimi

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
	if !inMatrix(native) {
		if r.Decision == hooks.DecisionDeny || r.Decision == hooks.DecisionAsk {
			return hooks.Output{ExitCode: 2, Stderr: oneLine(orDefault(r.Reason, defaultDeny))}, nil
		}
		return hooks.Output{}, nil
	}
	honours := hooks.Supports(capabilities[:], native)
	var out HookOutput
	if r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny) {
		def := defaultDeny
		if native == EventStop {
			def = defaultContinue
		}
		reason := def
		if honours.Has(hooks.FieldReason) {
			reason = orDefault(r.Reason, def)
		}
		out.HookSpecificOutput = &HookSpecificOutput{HookEventName: native, PermissionDecision: "deny", PermissionDecisionReason: reason}
	}
	if r.Context != "" && honours.Has(hooks.FieldContext) && out.HookSpecificOutput == nil {
		out.Message = r.Context
	}
	if out.Message == "" && out.HookSpecificOutput == nil {
		return hooks.Output{}, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&out); err != nil {
		return hooks.Output{}, fmt.Errorf("kimi: encode output: %w", err)
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
