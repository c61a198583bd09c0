package kimi

// Kimi Code's hook events, as its 2.1.0 bundle names them. The first
// sixteen are the ones its configuration schema accepts in a [[hooks]]
// table; UserPromptQueued, TurnStarted, SessionHeartbeat and TaskStarted
// are named by the hook runner only, and no installer registers them.
const (
	EventPreToolUse         = "PreToolUse"
	EventPostToolUse        = "PostToolUse"
	EventPostToolUseFailure = "PostToolUseFailure"
	EventPermissionRequest  = "PermissionRequest"
	EventPermissionResult   = "PermissionResult"
	EventUserPromptSubmit   = "UserPromptSubmit"
	EventStop               = "Stop"
	EventStopFailure        = "StopFailure"
	EventInterrupt          = "Interrupt"
	EventSessionStart       = "SessionStart"
	EventSessionEnd         = "SessionEnd"
	EventSubagentStart      = "SubagentStart"
	EventSubagentStop       = "SubagentStop"
	EventPreCompact         = "PreCompact"
	EventPostCompact        = "PostCompact"
	EventNotification       = "Notification"

	EventUserPromptQueued = "UserPromptQueued"
	EventTurnStarted      = "TurnStarted"
	EventSessionHeartbeat = "SessionHeartbeat"
	EventTaskStarted      = "TaskStarted"
)

// ClientType is the value of the client_type member Kimi Code puts in
// every payload.
const ClientType = "kimi_code_cli"

// HookOutput is the JSON object a Kimi Code hook writes on stdout with
// exit code 0. Kimi reads only these members, and only when the whole of
// stdout is one JSON value; anything else is ignored (on UserPromptSubmit,
// non-JSON stdout becomes context).
type HookOutput struct {
	// Message, on UserPromptSubmit, is added to the conversation as a user
	// message after the prompt (wrapped in <hook_result>); on a blocked
	// prompt it is what is shown instead of the reason.
	Message string `json:"message,omitempty"`
	// HookSpecificOutput carries the decision.
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput is the decision part of HookOutput. Kimi acts on
// permissionDecision "deny" only (any other value is no decision), and
// reads no updatedInput and no additionalContext.
type HookSpecificOutput struct {
	// HookEventName is written for the reader's sake; Kimi ignores it.
	HookEventName string `json:"hookEventName,omitempty"`
	// PermissionDecision "deny" blocks: the tool call (PreToolUse), the
	// prompt (UserPromptSubmit) or the stop (Stop: the agent goes on).
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
}
