package claude

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

// Claude Code's reading of a hook's answer (2.1.197, protocols/claude.md
// §6-8): exit code 2 blocks with stderr and stdout is not read; any other
// non-zero code is a non-blocking error; at exit 0 stdout is one JSON
// object (anything else is plain text, context on UserPromptSubmit and
// SessionStart only). A hookSpecificOutput whose hookEventName is missing
// or is not the running event voids the whole answer, a deny included.

// claudeDefaultReason is what Claude (and the adapter) write for a block
// without a reason.
const claudeDefaultReason = "Blocked by hook"

// claudeBlocks lists the events where a block has an effect.
var claudeBlocks = []string{"PreToolUse", "PermissionRequest", "UserPromptSubmit", "PostToolUse", "Stop", "SubagentStop",
	claudeSkillShell}

// claudeSkillShell gates a skill's `!` shell line (2.1.332): deny, ask and
// defer keep the line from running, allow adds nothing, and an
// updatedInput is never applied but keeps the line from running too.
const claudeSkillShell = "PreSkillShellCommand"

// claudeContext lists the events whose additionalContext reaches the
// model. On Stop and SubagentStop it continues the agent, like a block.
var claudeContext = []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart", "SubagentStart", "PostToolBatch"}

type claudeOutput struct {
	Continue      *bool  `json:"continue"`
	StopReason    string `json:"stopReason"`
	Decision      string `json:"decision"`
	Reason        string `json:"reason"`
	SystemMessage string `json:"systemMessage"`
	Specific      *struct {
		HookEventName            *string         `json:"hookEventName"`
		PermissionDecision       string          `json:"permissionDecision"`
		PermissionDecisionReason string          `json:"permissionDecisionReason"`
		UpdatedInput             json.RawMessage `json:"updatedInput"`
		AdditionalContext        string          `json:"additionalContext"`
		Decision                 *struct {
			Behavior     string          `json:"behavior"`
			Message      string          `json:"message"`
			UpdatedInput json.RawMessage `json:"updatedInput"`
		} `json:"decision"`
	} `json:"hookSpecificOutput"`
}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	blocks := slices.Contains(claudeBlocks, native)
	switch out.ExitCode {
	case 0:
	case 2:
		if !blocks {
			v.Ignored = "exit code 2 does not block " + native + " (a non-blocking error)"
			return v
		}
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(strings.TrimSpace(out.Stderr), "No stderr output"), "No stderr output")
		return v
	default:
		v.Ignored = fmt.Sprintf("exit code %d is a non-blocking error: Claude Code ignores the answer", out.ExitCode)
		return v
	}
	s := bytes.TrimSpace(out.Stdout)
	var o claudeOutput
	if len(s) == 0 || s[0] != '{' || !json.Valid(s) {
		return claudeText(native, s)
	}
	if err := json.Unmarshal(s, &o); err != nil {
		v.Ignored = "the answer does not match Claude Code's output schema: " + err.Error()
		return v
	}
	spec := o.Specific
	if spec != nil {
		switch {
		case spec.HookEventName == nil:
			v.Ignored = "hookSpecificOutput has no hookEventName: Claude Code ignores the whole answer"
			return v
		case *spec.HookEventName != native:
			v.Ignored = fmt.Sprintf("hookSpecificOutput.hookEventName is %q, not the running event %q: Claude Code ignores the whole answer", *spec.HookEventName, native)
			return v
		}
	}
	v.User = o.SystemMessage
	if o.Continue != nil && !*o.Continue {
		v.Halt = true
		v.User = strings.TrimSpace(o.StopReason + "\n" + v.User)
	}

	switch {
	case native == claudeSkillShell && spec != nil && (spec.PermissionDecision != "" || spec.UpdatedInput != nil):
		switch {
		case spec.PermissionDecision == "deny", spec.PermissionDecision == "ask", spec.PermissionDecision == "defer":
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(spec.PermissionDecisionReason, o.Reason, claudeDefaultReason), claudeDefaultReason)
		case spec.UpdatedInput != nil:
			v.Decision = hooks.DecisionDeny
			v.Notes = append(v.Notes, "Claude Code never applies updatedInput on "+claudeSkillShell+": the line does not run")
			v.Reason, v.Placeholder = verdict.Reason(claudeDefaultReason, claudeDefaultReason)
		case spec.PermissionDecision != "allow":
			v.Notes = append(v.Notes, "permissionDecision "+spec.PermissionDecision+" is not a decision the kit knows")
		}
	case native == "PreToolUse" && spec != nil && spec.PermissionDecision != "":
		switch spec.PermissionDecision {
		case "deny":
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(spec.PermissionDecisionReason, o.Reason, claudeDefaultReason), claudeDefaultReason)
		case "ask":
			v.Decision = hooks.DecisionAsk
			v.Reason, v.Placeholder = verdict.Reason(spec.PermissionDecisionReason)
		case "allow":
			v.Decision = hooks.DecisionAllow
		default:
			v.Notes = append(v.Notes, "permissionDecision "+spec.PermissionDecision+" is not a decision the kit knows")
		}
	case native == "PermissionRequest" && spec != nil && spec.Decision != nil:
		switch spec.Decision.Behavior {
		case "deny":
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(spec.Decision.Message, claudeDefaultReason)
		case "allow":
			v.Decision = hooks.DecisionAllow
			v.UpdatedInput = spec.Decision.UpdatedInput
		}
	case o.Decision == "block":
		if !blocks {
			v.Notes = append(v.Notes, "Claude Code cannot block "+native)
			break
		}
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(o.Reason, claudeDefaultReason), claudeDefaultReason)
	case o.Decision == "approve" && native == "PreToolUse":
		v.Decision = hooks.DecisionAllow
	}
	if spec == nil {
		return v
	}
	if native == "PreToolUse" && spec.UpdatedInput != nil && v.Decision != hooks.DecisionDeny {
		v.UpdatedInput = spec.UpdatedInput
	}
	switch c := spec.AdditionalContext; {
	case c == "":
	case slices.Contains(claudeContext, native):
		v.Context = c
	case native == "Stop" || native == "SubagentStop":
		// Claude continues the agent on context here, as on a block.
		if v.Decision == hooks.NoDecision {
			v.Decision, v.Reason = hooks.DecisionDeny, c
		}
		v.Notes = append(v.Notes, "additionalContext on "+native+" keeps the agent going")
	default:
		v.Notes = append(v.Notes, "Claude Code does not show additionalContext on "+native)
	}
	return v
}

// claudeText is what Claude Code does with s, stdout that is not JSON:
// context on UserPromptSubmit and SessionStart, nothing elsewhere. Stdout
// that starts with "{" but does not parse is plain text too.
func claudeText(native string, s []byte) hostfacts.Reading {
	var v hostfacts.Reading
	if len(s) == 0 {
		return v
	}
	context := native == "UserPromptSubmit" || native == "SessionStart"
	if context {
		v.Context = string(s)
	}
	switch {
	case s[0] == '{' && context:
		v.Flaw = "stdout starts with { but is not one JSON object: Claude Code adds it to the context as plain text"
	case s[0] == '{':
		v.Ignored = "stdout is not one JSON object: Claude Code takes it as plain text and ignores it"
	case !context:
		v.Flaw = "plain text on stdout, which Claude Code ignores here"
	}
	return v
}
