package qwen

// Qwen Code's hook events (the HookEventName enum of 0.24.4).
const (
	EventPreToolUse         = "PreToolUse"
	EventPostToolUse        = "PostToolUse"
	EventPostToolUseFailure = "PostToolUseFailure"
	EventPostToolBatch      = "PostToolBatch"
	EventNotification       = "Notification"
	EventUserPromptSubmit   = "UserPromptSubmit"
	EventUserPromptExpand   = "UserPromptExpansion"
	EventSessionStart       = "SessionStart"
	EventStop               = "Stop"
	EventMessageDisplay     = "MessageDisplay"
	EventSubagentStart      = "SubagentStart"
	EventSubagentStop       = "SubagentStop"
	EventPreCompact         = "PreCompact"
	EventPostCompact        = "PostCompact"
	EventSessionEnd         = "SessionEnd"
	EventSessionDelete      = "SessionDelete"
	EventPermissionRequest  = "PermissionRequest"
	EventPermissionDenied   = "PermissionDenied"
	EventStopFailure        = "StopFailure"
	EventTodoCreated        = "TodoCreated"
	EventTodoCompleted      = "TodoCompleted"
	EventInstructionsLoaded = "InstructionsLoaded"
)

// knownEvent reports whether name is one of Qwen Code's events.
func knownEvent(name string) bool {
	switch name {
	case EventPreToolUse, EventPostToolUse, EventPostToolUseFailure, EventPostToolBatch, EventNotification,
		EventUserPromptSubmit, EventUserPromptExpand, EventSessionStart, EventStop, EventMessageDisplay,
		EventSubagentStart, EventSubagentStop, EventPreCompact, EventPostCompact, EventSessionEnd,
		EventSessionDelete, EventPermissionRequest, EventPermissionDenied, EventStopFailure, EventTodoCreated,
		EventTodoCompleted, EventInstructionsLoaded:
		return true
	}
	return false
}

// HookOutput is the JSON object a Qwen Code hook writes on stdout. Qwen
// ignores fields it does not know.
type HookOutput struct {
	// Decision "block" with Reason blocks a prompt (UserPromptSubmit) or
	// continues the agent (Stop).
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// HookSpecificOutput carries the event's own fields.
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput is the per-event part of HookOutput. Qwen does not
// check hookEventName; it is written for the reader's sake.
type HookSpecificOutput struct {
	HookEventName string `json:"hookEventName"`
	// PermissionDecision is "allow", "deny" or "ask", in lowercase (any other
	// spelling is ignored and the tool runs).
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	AdditionalContext        string `json:"additionalContext,omitempty"`
}
