package codex

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// Default reasons, for a deny without one: Codex ignores a block whose
// reason is empty.
const (
	defaultDenyReason = "Blocked by a hook policy."
	defaultStopReason = "A stop hook asked to keep going."
)

// Serialize renders r for Codex, for ev's native event. It writes only the
// fields of that event's output schema (any other field makes Codex drop
// the whole answer) and fails on a field the event does not honour (run
// hooks.Fit first, as hooks.Server does), except that an Allow with an
// UpdatedInput is accepted on PreToolUse. An event outside the capability
// matrix, or one that honours nothing, gets the universal block for a deny
// (exit code 2, reason on stderr) and empty output otherwise.
func (*Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	native := ev.Common().NativeEvent
	honours := hooks.Supports(capabilities[:], native)
	if honours == 0 {
		if r.Decision == hooks.DecisionDeny {
			return hooks.Output{Stderr: oneLine(orDefault(r.Reason, defaultDenyReason)), ExitCode: 2}, nil
		}
		return hooks.Output{}, nil
	}
	// PostToolUse's block is what replaces the output the model reads.
	r = hooks.OutputAsBlock(r)
	used := r.Fields()
	if native == EventPreToolUse && r.UpdatedInput != nil {
		used &^= hooks.FieldAllow // a rewrite is sent as allow + updatedInput
	}
	if extra := used &^ honours; extra != 0 {
		return hooks.Output{}, fmt.Errorf("codex: %s does not honour %s (use hooks.Fit)", native, extra)
	}

	var out Output
	deny := r.Decision == hooks.DecisionDeny
	switch native {
	case EventPreToolUse:
		hso := &HookSpecificOutput{HookEventName: native, AdditionalContext: r.Context}
		switch {
		case deny:
			// Never with updatedInput: Codex rejects that pair, deny
			// included.
			hso.PermissionDecision = "deny"
			hso.PermissionDecisionReason = orDefault(r.Reason, defaultDenyReason)
		case r.UpdatedInput != nil:
			tool := hooks.ToolOf(ev)
			if tool == nil {
				return hooks.Output{}, errors.New("codex: an updated input needs the parsed tool event")
			}
			raw, err := nativeToolInput(tool, r.UpdatedInput)
			if err != nil {
				return hooks.Output{}, err
			}
			hso.PermissionDecision = "allow"
			hso.UpdatedInput = raw
		}
		if hso.PermissionDecision != "" || hso.AdditionalContext != "" {
			out.HookSpecificOutput = hso
		}
	case EventPermissionRequest:
		switch r.Decision {
		case hooks.DecisionDeny:
			out.HookSpecificOutput = &HookSpecificOutput{HookEventName: native,
				Decision: &PermissionDecision{Behavior: "deny", Message: reasonOr(r.Reason)}}
		case hooks.DecisionAllow:
			out.HookSpecificOutput = &HookSpecificOutput{HookEventName: native,
				Decision: &PermissionDecision{Behavior: "allow"}}
		}
	case EventPostToolUse, EventUserPromptSubmit, EventSessionStart, EventSubagentStart:
		if deny {
			out.Decision, out.Reason = "block", orDefault(r.Reason, defaultDenyReason)
		}
		if r.Halt {
			f := false
			out.Continue, out.StopReason = &f, strings.TrimSpace(r.Reason)
		}
		if r.Context != "" {
			out.HookSpecificOutput = &HookSpecificOutput{HookEventName: native, AdditionalContext: r.Context}
		}
	case EventStop, EventSubagentStop:
		if deny {
			out.Decision, out.Reason = "block", orDefault(r.Reason, defaultStopReason)
		}
	}
	if out == (Output{}) {
		return hooks.Output{}, nil
	}
	if b, ok := appendOutput(make([]byte, 0, outputSize), &out); ok {
		return hooks.Output{Stdout: append(b, '\n')}, nil
	}
	b, err := marshal(out)
	if err != nil {
		return hooks.Output{}, fmt.Errorf("codex: %w", err)
	}
	return hooks.Output{Stdout: append(b, '\n')}, nil
}

// orDefault returns s trimmed, or def when that is empty.
func orDefault(s, def string) string {
	if s = strings.TrimSpace(s); s == "" {
		return def
	}
	return s
}

// oneLine folds s onto one line.
func oneLine(s string) string {
	// Two IndexByte, not ContainsAny, which reads s a byte at a time.
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}

// reasonOr returns the trimmed reason, or defaultDenyReason when it is
// empty: the model must always see why a call was refused.
func reasonOr(reason string) string {
	if r := strings.TrimSpace(reason); r != "" {
		return r
	}
	return defaultDenyReason
}
