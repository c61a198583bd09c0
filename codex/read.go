package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// Codex's reading of a hook's answer (0.171, protocols/codex.md §5 and the
// output schemas it embeds): exit code 2 blocks with stderr (ignored when
// stderr is empty); any other non-zero code is ignored; at exit 0 stdout
// is one JSON object validated strictly: a field the event's schema lacks
// voids the whole answer, a deny included. Plain text is context on
// SessionStart and UserPromptSubmit. On PreToolUse, allow without
// updatedInput, ask, approve and continue:false are rejected as
// unsupported, which also voids the answer; a deny needs a non-empty
// reason.

// codexPlaceholders are the adapter's texts for a block without a reason.
var codexPlaceholders = []string{"Blocked by a hook policy.", "A stop hook asked to keep going."}

// codexBlocks lists the events where a block (or exit code 2) has an effect.
var codexBlocks = []string{"PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop"}

// codexFields returns the fields Codex's output schema allows for native:
// top level, then inside hookSpecificOutput (nil: no hookSpecificOutput).
func codexFields(native string) (top, specific []string) {
	top = []string{"continue", "stopReason", "suppressOutput", "systemMessage"}
	block := []string{"decision", "reason"}
	switch native {
	case "PreToolUse":
		return append(top, append(block, "hookSpecificOutput")...),
			[]string{"hookEventName", "permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"}
	case "PostToolUse":
		return append(top, append(block, "hookSpecificOutput")...), []string{"hookEventName", "additionalContext", "updatedMCPToolOutput"}
	case "UserPromptSubmit":
		return append(top, append(block, "hookSpecificOutput")...), []string{"hookEventName", "additionalContext"}
	case "SessionStart", "SubagentStart":
		return append(top, "hookSpecificOutput"), []string{"hookEventName", "additionalContext"}
	case "PermissionRequest":
		return append(top, "hookSpecificOutput"), []string{"hookEventName", "decision"}
	case "Stop", "SubagentStop":
		return append(top, block...), nil
	case "Interrupt":
		return []string{"systemMessage"}, nil
	}
	return top, nil
}

type codexOutput struct {
	Continue       *bool  `json:"continue"`
	StopReason     string `json:"stopReason"`
	SuppressOutput bool   `json:"suppressOutput"`
	SystemMessage  string `json:"systemMessage"`
	Decision       string `json:"decision"`
	Reason         string `json:"reason"`
	Specific       *struct {
		PermissionDecision       string          `json:"permissionDecision"`
		PermissionDecisionReason string          `json:"permissionDecisionReason"`
		UpdatedInput             json.RawMessage `json:"updatedInput"`
		AdditionalContext        string          `json:"additionalContext"`
		Decision                 *struct {
			Behavior string `json:"behavior"`
			Message  string `json:"message"`
		} `json:"decision"`
	} `json:"hookSpecificOutput"`
}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	blocks := slices.Contains(codexBlocks, native)
	switch out.ExitCode {
	case 0:
	case 2:
		reason := strings.TrimSpace(out.Stderr)
		switch {
		case reason == "":
			v.Ignored = "exit code 2 without a reason on stderr is a failed hook: Codex ignores it"
		case !blocks:
			v.Ignored = "exit code 2 blocks nothing on " + native
		default:
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(reason, codexPlaceholders...)
		}
		return v
	default:
		v.Ignored = fmt.Sprintf("exit code %d is a failed hook: Codex ignores it", out.ExitCode)
		return v
	}
	s := bytes.TrimSpace(out.Stdout)
	if len(s) == 0 {
		return v
	}
	if s[0] != '{' && s[0] != '[' {
		if native == "SessionStart" || native == "UserPromptSubmit" {
			v.Context = string(s)
		} else {
			v.Flaw = "plain text on stdout, which Codex ignores here"
		}
		return v
	}
	fields, ok := outputFields(native)
	if !ok {
		v.Ignored = "Codex reads no answer on " + native
		return v
	}
	var o codexOutput
	if err := verdict.OneJSON(s, &o); err != nil {
		v.Ignored = "invalid JSON output (" + err.Error() + ")"
		return v
	}
	top, specific := codexFields(native)
	for _, k := range verdict.Keys(s) {
		if !slices.Contains(top, k) {
			v.Ignored = fmt.Sprintf("field %q is not in Codex's %s output schema", k, native)
			return v
		}
	}
	if o.Specific != nil {
		var raw struct {
			Specific json.RawMessage `json:"hookSpecificOutput"`
		}
		json.Unmarshal(s, &raw)
		for _, k := range verdict.Keys(raw.Specific) {
			if !slices.Contains(specific, k) {
				v.Ignored = fmt.Sprintf("field hookSpecificOutput.%s is not in Codex's %s output schema", k, native)
				return v
			}
		}
	}
	var doc any
	json.Unmarshal(s, &doc)
	if err := validateAnswer(doc, fields, "answer"); err != nil {
		v.Ignored = "not valid for Codex's " + native + " schema (" + err.Error() + "): Codex discards the whole answer"
		return v
	}
	v.User = o.SystemMessage
	if native == "PreToolUse" {
		if why := codexUnsupported(o); why != "" {
			v.Ignored = why
			return v
		}
	}
	switch {
	case o.Decision == "block":
		if strings.TrimSpace(o.Reason) == "" {
			v.Ignored = "decision block with an empty reason"
			return v
		}
		if blocks {
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(o.Reason, codexPlaceholders...)
		}
	case o.Specific != nil && o.Specific.PermissionDecision == "deny":
		if strings.TrimSpace(o.Specific.PermissionDecisionReason) == "" {
			v.Ignored = "permissionDecision deny with an empty permissionDecisionReason"
			return v
		}
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(o.Specific.PermissionDecisionReason, codexPlaceholders...)
	case o.Specific != nil && o.Specific.PermissionDecision == "allow":
		v.Decision = hooks.DecisionAllow
		v.UpdatedInput = o.Specific.UpdatedInput
	case o.Specific != nil && o.Specific.Decision != nil:
		switch o.Specific.Decision.Behavior {
		case "deny":
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(o.Specific.Decision.Message, codexPlaceholders...)
		case "allow":
			v.Decision = hooks.DecisionAllow
		}
	}
	if o.Continue != nil && !*o.Continue {
		switch native {
		case "UserPromptSubmit", "SessionStart":
			v.Halt = true
		default:
			v.Notes = append(v.Notes, "continue:false does not stop the agent on "+native)
		}
	}
	if o.Specific != nil && o.Specific.AdditionalContext != "" {
		v.Context = o.Specific.AdditionalContext
	}
	return v
}

// codexUnsupported says why Codex rejects a PreToolUse answer as
// unsupported, or returns "".
func codexUnsupported(o codexOutput) string {
	switch {
	case o.Continue != nil && !*o.Continue:
		return "continue:false is unsupported on PreToolUse"
	case o.StopReason != "":
		return "stopReason is unsupported on PreToolUse"
	case o.SuppressOutput:
		return "suppressOutput is unsupported on PreToolUse"
	case o.Decision == "approve":
		return "decision approve is unsupported on PreToolUse"
	case o.Specific == nil:
		return ""
	case o.Specific.PermissionDecision == "ask":
		return "permissionDecision ask is unsupported on PreToolUse"
	case o.Specific.PermissionDecision == "allow" && o.Specific.UpdatedInput == nil:
		return "permissionDecision allow without updatedInput is unsupported on PreToolUse"
	case o.Specific.UpdatedInput != nil && o.Specific.PermissionDecision != "allow":
		return "updatedInput without permissionDecision allow is unsupported"
	}
	return ""
}
