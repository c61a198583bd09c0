package copilot

import "encoding/json"

// The camelCase event names of Copilot's native registration form. Their
// payloads are camelCase and carry no event name (except permissionRequest,
// with "hookName", and notification, with "hook_event_name").
const (
	EventSessionStart          = "sessionStart"
	EventSessionEnd            = "sessionEnd"
	EventUserPromptSubmitted   = "userPromptSubmitted"
	EventUserPromptTransformed = "userPromptTransformed"
	EventPreToolUse            = "preToolUse"
	EventPermissionRequest     = "permissionRequest"
	EventPostToolUse           = "postToolUse"
	EventPostToolUseFailure    = "postToolUseFailure"
	EventAgentStop             = "agentStop"
	EventSubagentStart         = "subagentStart"
	EventSubagentStop          = "subagentStop"
	EventPreCompact            = "preCompact"
	EventErrorOccurred         = "errorOccurred"
	EventNotification          = "notification"
)

// fromPascal returns the camelCase event of a PascalCase registration
// name, and whether name is one. Their payloads are snake_case with a
// hook_event_name, except PermissionRequest and Notification (the
// camelCase payload) and SubagentStart (a mix of both, with no event
// name). A switch, not a map: a package-level map is built at every hook
// start-up.
func fromPascal(name string) (string, bool) {
	switch name {
	case "SessionStart":
		return EventSessionStart, true
	case "SessionEnd":
		return EventSessionEnd, true
	case "UserPromptSubmit":
		return EventUserPromptSubmitted, true
	case "PreToolUse":
		return EventPreToolUse, true
	case "PermissionRequest":
		return EventPermissionRequest, true
	case "PostToolUse":
		return EventPostToolUse, true
	case "PostToolUseFailure":
		return EventPostToolUseFailure, true
	case "Stop":
		return EventAgentStop, true
	case "SubagentStart":
		return EventSubagentStart, true
	case "SubagentStop":
		return EventSubagentStop, true
	case "PreCompact":
		return EventPreCompact, true
	case "ErrorOccurred":
		return EventErrorOccurred, true
	case "Notification":
		return EventNotification, true
	}
	return "", false
}

// camelEvent returns the camelCase event of a registration name in either
// form, and whether the name is one Copilot documents.
func camelEvent(name string) (string, bool) {
	if c, ok := fromPascal(name); ok {
		return c, true
	}
	switch name {
	case EventSessionStart, EventSessionEnd, EventUserPromptSubmitted, EventUserPromptTransformed,
		EventPreToolUse, EventPermissionRequest, EventPostToolUse, EventPostToolUseFailure, EventAgentStop,
		EventSubagentStart, EventSubagentStop, EventPreCompact, EventErrorOccurred, EventNotification:
		return name, true
	}
	return name, false
}

// isPascal reports whether an event name is of the PascalCase form.
func isPascal(name string) bool { return name != "" && name[0] >= 'A' && name[0] <= 'Z' }

// HookOutput is the JSON object a Copilot hook writes on stdout. Every
// field is flat (top level): Copilot reads them on both registration
// forms, while hookSpecificOutput is read only on PascalCase registrations
// and only for some fields. Copilot ignores fields it does not know.
type HookOutput struct {
	// PermissionDecision is "allow", "deny" or "ask" (preToolUse), in
	// lowercase: "Deny" is ignored.
	PermissionDecision string `json:"permissionDecision,omitempty"`
	// PermissionDecisionReason is what the model sees after "Denied by
	// preToolUse hook: ".
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	// ModifiedArgs replaces the tool's arguments whole (camelCase
	// preToolUse).
	ModifiedArgs json.RawMessage `json:"modifiedArgs,omitempty"`
	// Behavior ("allow" or "deny"), Message and Interrupt answer a
	// permissionRequest.
	Behavior  string `json:"behavior,omitempty"`
	Message   string `json:"message,omitempty"`
	Interrupt bool   `json:"interrupt,omitempty"`
	// Decision "block" with Reason: hides a tool's result (postToolUse),
	// blocks a prompt (userPromptSubmitted), continues the agent
	// (agentStop). It is ignored on preToolUse.
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// AdditionalContext is added for the model.
	AdditionalContext string `json:"additionalContext,omitempty"`
	// HookSpecificOutput is written only for a rewrite on a PascalCase
	// PreToolUse, the one place its updatedInput is read.
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput is the Claude-style part of HookOutput.
type HookSpecificOutput struct {
	HookEventName      string          `json:"hookEventName"`
	PermissionDecision string          `json:"permissionDecision,omitempty"`
	UpdatedInput       json.RawMessage `json:"updatedInput,omitempty"`
}
