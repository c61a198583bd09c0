package droid

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

// Factory Droid's reading of a hook's answer (0.225.2, protocols/droid.md
// §3): stdout starting with "{" is parsed as JSON whatever the exit code
// (malformed or plain output is ignored); continue:false stops the whole
// run; on PreToolUse hookSpecificOutput.permissionDecision deny blocks,
// allow approves, ask only logs (the tool runs), updatedInput is applied,
// and the top-level decision:block is ignored; exit code 2 blocks with
// stderr as the reason; exit code 3 aborts the whole run.

// droidPlaceholders are the adapter's and Droid's texts for a deny without
// a reason.
var droidPlaceholders = []string{"Blocked by hook", "Tool execution denied by hook", "Tool execution blocked by hook",
	"A stop hook asks you to continue: do not stop yet."}

// droidContext lists the events whose additionalContext reaches the model.
var droidContext = []string{"PostToolUse", "SessionStart"}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	if out.ExitCode == 3 {
		v.Halt = true
		v.Flaw = "exit code 3 aborts the whole run"
		return v
	}
	s := bytes.TrimSpace(out.Stdout)
	var o claudewire.Answer
	parsed := len(s) > 0 && s[0] == '{' && verdict.OneJSON(s, &o) == nil
	if out.ExitCode == 2 && !parsed {
		if native != "PreToolUse" && native != "Stop" {
			v.Ignored = "exit code 2 does not block " + native
			return v
		}
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(strings.TrimSpace(out.Stderr), "Tool execution blocked by hook"), droidPlaceholders...)
		return v
	}
	if !parsed {
		if len(s) > 0 {
			v.Ignored = "stdout is not one JSON object: Droid ignores it"
		} else if out.ExitCode != 0 {
			v.Ignored = fmt.Sprintf("exit code %d is a non-blocking error", out.ExitCode)
		}
		return v
	}
	if o.Continue != nil && !*o.Continue {
		v.Halt = true
		v.User = o.StopReason
	}
	spec := o.Specific
	switch native {
	case "PreToolUse":
		if o.Decision != "" {
			v.Notes = append(v.Notes, "decision:"+o.Decision+" is ignored on PreToolUse")
		}
		if spec != nil {
			switch spec.PermissionDecision {
			case "deny":
				v.Decision = hooks.DecisionDeny
				v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(spec.PermissionDecisionReason, "Tool execution denied by hook"), droidPlaceholders...)
			case "allow":
				v.Decision = hooks.DecisionAllow
			case "ask":
				v.Notes = append(v.Notes, "ask only logs in droid exec: the tool runs")
			}
			if spec.UpdatedInput != nil && v.Decision != hooks.DecisionDeny {
				v.UpdatedInput = spec.UpdatedInput
			}
		}
		if v.Decision == hooks.NoDecision && out.ExitCode == 2 {
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(strings.TrimSpace(out.Stderr), "Tool execution blocked by hook"), droidPlaceholders...)
		}
	case "Stop":
		if o.Decision == "block" {
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(o.Reason, "Blocked by hook"), droidPlaceholders...)
		}
	}
	if spec != nil && spec.AdditionalContext != "" {
		if slices.Contains(droidContext, native) {
			v.Context = spec.AdditionalContext
		} else {
			v.Notes = append(v.Notes, "Droid does not pass additionalContext on "+native+" to the model")
		}
	}
	return v
}
