package droid

import "encoding/json"

// Droid's hook events (Claude Code's names).
const (
	EventPreToolUse       = "PreToolUse"
	EventPostToolUse      = "PostToolUse"
	EventUserPromptSubmit = "UserPromptSubmit"
	EventNotification     = "Notification"
	EventStop             = "Stop"
	EventSubagentStop     = "SubagentStop"
	EventPreCompact       = "PreCompact"
	EventSessionStart     = "SessionStart"
	EventSessionEnd       = "SessionEnd"
)

// HookOutput is the JSON object a Droid hook writes on stdout. Droid reads
// it whatever the exit code when stdout starts with "{", and keeps
// unknown keys without acting on them.
type HookOutput struct {
	// Continue false stops the whole run (on PreToolUse the tool does not
	// run either); StopReason says why.
	Continue   *bool  `json:"continue,omitempty"`
	StopReason string `json:"stopReason,omitempty"`
	// Decision "block" with Reason continues the agent on Stop. It is
	// IGNORED on PreToolUse.
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// HookSpecificOutput carries the event's own fields.
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput is the per-event part of HookOutput.
type HookSpecificOutput struct {
	HookEventName string `json:"hookEventName"`
	// PermissionDecision is "allow", "deny" or "ask" (PreToolUse; ask lets
	// the tool run in droid exec).
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	// UpdatedInput replaces the tool's input (PreToolUse), with or without
	// allow.
	UpdatedInput      json.RawMessage `json:"updatedInput,omitempty"`
	AdditionalContext string          `json:"additionalContext,omitempty"`
}
