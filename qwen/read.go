package qwen

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/verdict"
)

// Qwen Code's reading of a hook's answer (0.24.4, protocols/qwen.md §4-6):
// at exit code 2 it parses stderr (JSON there is the answer; plain text is
// a deny with that reason; nothing at all lets the action go on) and
// ignores stdout; otherwise it parses stdout, or stderr when stdout is
// empty: a JSON object is the answer with any exit code, text starting
// with "{" that is not JSON is ignored, and plain text is context on
// SessionStart and UserPromptSubmit. On PreToolUse the decision is
// hookSpecificOutput.permissionDecision (lowercase allow, deny, ask), else
// the top-level decision; allow changes nothing (the hook runs after
// Qwen's approval) and updatedInput is ignored.

// qwenPlaceholders are the adapter's and Qwen's texts for a deny without
// a reason.
var qwenPlaceholders = []string{"Blocked by hook", "No reason provided", "A stop hook asks you to continue: do not stop yet."}

// qwenBlocks lists the events where a deny has an effect.
var qwenBlocks = []string{"PreToolUse", "UserPromptSubmit", "Stop"}

// qwenContext lists the events whose additionalContext reaches the model.
var qwenContext = []string{"PostToolUse", "UserPromptSubmit", "SessionStart"}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	blocks := slices.Contains(qwenBlocks, native)
	text := bytes.TrimSpace(out.Stdout)
	if out.ExitCode == 2 || len(text) == 0 {
		text = bytes.TrimSpace([]byte(out.Stderr))
	}
	if len(text) == 0 {
		switch out.ExitCode {
		case 0:
		case 2:
			v.Ignored = "exit code 2 with nothing on stderr: Qwen Code lets the action go on"
		default:
			v.Ignored = fmt.Sprintf("exit code %d with no answer: Qwen Code lets the action go on", out.ExitCode)
		}
		return v
	}
	var o claudewire.Answer
	if text[0] != '{' || verdict.OneJSON(text, &o) != nil {
		switch {
		case text[0] == '{' && out.ExitCode != 2:
			v.Ignored = "output that starts like JSON but is not is ignored"
		case out.ExitCode == 2 && blocks:
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(string(text), qwenPlaceholders...)
		case out.ExitCode == 0 && (native == "SessionStart" || native == "UserPromptSubmit"):
			v.Context = string(text)
		case out.ExitCode == 0:
			v.Flaw = "plain text, which Qwen Code ignores on " + native
		case out.ExitCode == 2:
			v.Ignored = "exit code 2 blocks nothing on " + native
		default:
			v.Ignored = fmt.Sprintf("exit code %d with plain text: Qwen Code lets the action go on", out.ExitCode)
		}
		return v
	}
	spec := o.Specific
	decision, reason := "", verdict.FirstOf(o.Reason, o.StopReason)
	if spec != nil && slices.Contains([]string{"allow", "deny", "ask"}, spec.PermissionDecision) && native == "PreToolUse" {
		decision, reason = spec.PermissionDecision, verdict.FirstOf(spec.PermissionDecisionReason, reason)
	} else {
		switch o.Decision {
		case "deny", "block":
			decision = "deny"
		case "allow", "approve":
			decision = "allow"
		case "ask":
			decision = "ask"
		}
	}
	if o.Continue != nil && !*o.Continue {
		switch native {
		case "PreToolUse", "UserPromptSubmit":
			decision = "deny"
			v.Notes = append(v.Notes, "continue:false blocks only this "+native)
		case "Stop":
			decision = "deny"
			v.Notes = append(v.Notes, "continue:false on Stop continues the agent, like a block")
		}
	}
	switch {
	case decision == "deny" && blocks:
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(reason, "No reason provided"), qwenPlaceholders...)
		if native == "UserPromptSubmit" {
			v.Notes = append(v.Notes, "a blocked prompt ends the run silently; the reason is shown nowhere")
		}
	case decision == "deny":
		v.Notes = append(v.Notes, "a block changes nothing on "+native)
	case decision == "ask" && native == "PreToolUse":
		v.Decision = hooks.DecisionAsk
		v.Reason, v.Placeholder = verdict.Reason(reason)
		v.Notes = append(v.Notes, "headless, ask denies the call with the reason")
	case decision == "allow":
		v.Notes = append(v.Notes, "allow changes nothing: the hook runs after Qwen's own approval")
	}
	if spec == nil {
		return v
	}
	if spec.UpdatedInput != nil {
		v.Notes = append(v.Notes, "updatedInput is ignored: the original call runs")
	}
	if c := spec.AdditionalContext; c != "" {
		if slices.Contains(qwenContext, native) {
			v.Context = c
		} else {
			v.Notes = append(v.Notes, "Qwen Code does not pass additionalContext on "+native+" to the model")
		}
	}
	if d := spec.PermissionDecision; d != "" && !slices.Contains([]string{"allow", "deny", "ask"}, d) {
		v.Notes = append(v.Notes, "permissionDecision "+strings.TrimSpace(d)+" is not read (lowercase allow, deny, ask only)")
	}
	return v
}
