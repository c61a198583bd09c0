package auggie

import "encoding/json"

// Auggie's hook events (0.36.0: the event names its settings schema
// accepts). PromptSubmit is Auggie's name for what Claude Code calls
// UserPromptSubmit; a settings key "UserPromptSubmit" is an invalid event
// type, which Auggie ignores with a warning.
const (
	EventPreToolUse   = "PreToolUse"
	EventPostToolUse  = "PostToolUse"
	EventStop         = "Stop"
	EventSessionStart = "SessionStart"
	EventSessionEnd   = "SessionEnd"
	EventNotification = "Notification"
	EventPromptSubmit = "PromptSubmit"
)

// HookOutput is the JSON object an Auggie hook writes on stdout. Auggie
// reads it on exit code 0 (and on exit code 2) after checking it against
// a schema: a member of the wrong type, a null, or a hookSpecificOutput
// whose hookEventName is not one of PreToolUse, PostToolUse, Stop,
// SessionStart, SessionEnd and Notification makes it discard the whole
// object (the call runs). Unknown members are dropped.
type HookOutput struct {
	// Continue false keeps a tool from running (PreToolUse), like a
	// deny; it does not stop the run.
	Continue   *bool  `json:"continue,omitempty"`
	StopReason string `json:"stopReason,omitempty"`
	// SystemMessage is shown to the user when the call is not blocked.
	SystemMessage string `json:"systemMessage,omitempty"`
	// AdditionalContext is appended to the tool's result (PostToolUse),
	// as hookSpecificOutput.additionalContext is.
	AdditionalContext string `json:"additionalContext,omitempty"`
	// HookSpecificOutput carries the event's own fields.
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput is the per-event part of [HookOutput].
type HookSpecificOutput struct {
	HookEventName string `json:"hookEventName"`
	// PermissionDecision is "allow", "deny" or "ask" (PreToolUse). Only
	// deny has an effect: ask and allow let the tool run as if no hook
	// had answered.
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	// UpdatedInput replaces the tool's whole input (PreToolUse); it must
	// be a JSON object.
	UpdatedInput json.RawMessage `json:"updatedInput,omitempty"`
	// Decision "block" with Reason (PostToolUse, Stop): on PostToolUse
	// the reason is appended to the tool's result; on Stop it has no
	// effect.
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// AdditionalContext (PostToolUse, SessionStart).
	AdditionalContext string `json:"additionalContext,omitempty"`
}
