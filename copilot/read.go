package copilot

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

// GitHub Copilot CLI's reading of a hook's answer (1.0.102,
// protocols/copilot.md §4-6): at exit code 0, stdout must be one JSON
// object (anything else is ignored: the action goes on, except on
// permissionRequest, where it is a failure and a deny). Exit code 2 denies
// a tool with the reason lost ("hook exited with code 2"); any other
// failing code denies it as "hook errored". Only flat fields are read,
// except hookSpecificOutput's permissionDecision and updatedInput on a
// PascalCase PreToolUse. Lowercase values only.

// copilotPlaceholders are the adapter's and Copilot's texts for a deny
// without a reason.
var copilotPlaceholders = []string{"Blocked by hook", "No reason provided", "A stop hook asks you to continue: do not stop yet.",
	"hook exited with code 2", "hook errored", "Permission denied by hook.", "Permission request hook failed"}

type copilotOutput struct {
	PermissionDecision       string          `json:"permissionDecision"`
	PermissionDecisionReason string          `json:"permissionDecisionReason"`
	ModifiedArgs             json.RawMessage `json:"modifiedArgs"`
	Behavior                 string          `json:"behavior"`
	Message                  string          `json:"message"`
	Interrupt                bool            `json:"interrupt"`
	Decision                 string          `json:"decision"`
	Reason                   string          `json:"reason"`
	AdditionalContext        string          `json:"additionalContext"`
	Specific                 *struct {
		PermissionDecision       string          `json:"permissionDecision"`
		PermissionDecisionReason string          `json:"permissionDecisionReason"`
		UpdatedInput             json.RawMessage `json:"updatedInput"`
		AdditionalContext        string          `json:"additionalContext"`
	} `json:"hookSpecificOutput"`
}

// copilotEvent returns the camelCase event of a registration name.
func copilotEvent(native string) (event string, pascal bool) {
	names := map[string]string{"PreToolUse": "preToolUse", "PermissionRequest": "permissionRequest", "PostToolUse": "postToolUse",
		"PostToolUseFailure": "postToolUseFailure", "UserPromptSubmit": "userPromptSubmitted", "Stop": "agentStop",
		"SessionStart": "sessionStart", "SessionEnd": "sessionEnd", "SubagentStart": "subagentStart",
		"SubagentStop": "subagentStop", "PreCompact": "preCompact", "ErrorOccurred": "errorOccurred", "Notification": "notification"}
	if c, ok := names[native]; ok {
		return c, true
	}
	return native, false
}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	event, pascal := copilotEvent(native)
	tool := event == "preToolUse" || event == "permissionRequest"
	if out.ExitCode != 0 {
		switch {
		case event == "permissionRequest" && out.ExitCode == 2:
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason("Permission denied by hook.", copilotPlaceholders...)
		case tool && out.ExitCode == 2:
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason("hook exited with code 2", copilotPlaceholders...)
			v.Notes = append(v.Notes, "exit code 2 blocks, but the model reads only \"hook exited with code 2\": stderr is dropped")
			// Copilot merges a JSON deny's reason on stdout into it.
			var o copilotOutput
			if verdict.OneJSON(bytes.TrimSpace(out.Stdout), &o) == nil && o.PermissionDecision == "deny" && o.PermissionDecisionReason != "" {
				v.Reason, v.Placeholder = verdict.Reason(o.PermissionDecisionReason, copilotPlaceholders...)
			}
		case tool:
			v.Failed = fmt.Sprintf("exit code %d: Copilot CLI counts the hook as errored", out.ExitCode)
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason("hook errored", copilotPlaceholders...)
		default:
			v.Ignored = fmt.Sprintf("exit code %d on %s: a hook failure, the session goes on", out.ExitCode, native)
		}
		return v
	}
	s := bytes.TrimSpace(out.Stdout)
	if len(s) == 0 {
		return v
	}
	var o copilotOutput
	if s[0] != '{' || verdict.OneJSON(s, &o) != nil {
		if event == "permissionRequest" {
			v.Failed = "stdout is not one JSON object: a failed permissionRequest hook"
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason("Permission request hook failed", copilotPlaceholders...)
			v.Notes = append(v.Notes, "stdout is not one JSON object: a failed permissionRequest hook, which denies")
			return v
		}
		v.Ignored = "stdout is not exactly one JSON object: Copilot CLI ignores it"
		return v
	}
	spec := o.Specific
	switch event {
	case "preToolUse":
		decision, reason := o.PermissionDecision, o.PermissionDecisionReason
		if pascal && spec != nil && spec.PermissionDecision != "" {
			decision, reason = spec.PermissionDecision, verdict.FirstOf(spec.PermissionDecisionReason, reason)
		}
		if !pascal && spec != nil {
			v.Notes = append(v.Notes, "a camelCase registration ignores hookSpecificOutput")
		}
		switch decision {
		case "deny":
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(reason, "No reason provided"), copilotPlaceholders...)
		case "ask":
			v.Decision = hooks.DecisionAsk
			v.Reason, v.Placeholder = verdict.Reason(reason)
			v.Notes = append(v.Notes, "in -p mode Copilot CLI cannot ask: the call is denied with the reason")
		case "allow":
			v.Decision = hooks.DecisionAllow
		case "":
		default:
			v.Notes = append(v.Notes, "permissionDecision "+decision+" is not read (lowercase allow, deny, ask only)")
		}
		if o.Decision != "" {
			v.Notes = append(v.Notes, "decision:"+o.Decision+" is ignored on preToolUse")
		}
		if v.Decision != hooks.DecisionDeny && v.Decision != hooks.DecisionAsk {
			switch {
			case !pascal && o.ModifiedArgs != nil:
				v.UpdatedInput = o.ModifiedArgs
			case pascal && spec != nil && spec.UpdatedInput != nil:
				v.UpdatedInput = spec.UpdatedInput
			case o.ModifiedArgs != nil || spec != nil && spec.UpdatedInput != nil:
				v.Notes = append(v.Notes, "this registration form does not read that rewrite field")
			}
		}
	case "permissionRequest":
		switch o.Behavior {
		case "deny":
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(o.Message, "Permission denied by hook."), copilotPlaceholders...)
			v.Halt = o.Interrupt
		case "allow":
			v.Decision = hooks.DecisionAllow
		}
		if spec != nil {
			v.Notes = append(v.Notes, "permissionRequest ignores hookSpecificOutput")
		}
	case "postToolUse", "userPromptSubmitted", "agentStop":
		if o.Decision == "block" {
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(o.Reason, "No reason provided"), copilotPlaceholders...)
		}
	}
	contextEvents := []string{"postToolUse", "postToolUseFailure", "userPromptSubmitted", "sessionStart"}
	if c := o.AdditionalContext; c != "" {
		if slices.Contains(contextEvents, event) {
			v.Context = c
		} else {
			v.Notes = append(v.Notes, "Copilot CLI does not read additionalContext on "+native+" (not measured)")
		}
	}
	if spec != nil && spec.AdditionalContext != "" {
		v.Notes = append(v.Notes, "hookSpecificOutput.additionalContext is ignored")
	}
	if strings.Contains(string(s), `"permissionDecision":"Deny"`) {
		v.Notes = append(v.Notes, "Deny is not deny")
	}
	return v
}
