package codex

import "encoding/json"

// Input is the JSON object Codex writes on a hook's stdin. Which fields are
// present depends on the event (see the per-event input schemas of Codex):
// every event has SessionID, TranscriptPath, Cwd and HookEventName; all but
// SessionEnd have Model; turn-scoped events add TurnID.
type Input struct {
	SessionID string `json:"session_id"`
	// TurnID is a Codex extension on turn-scoped events (not SessionStart
	// or SessionEnd).
	TurnID string `json:"turn_id,omitempty"`
	// TranscriptPath is the rollout file, or null.
	TranscriptPath *string `json:"transcript_path"`
	Cwd            string  `json:"cwd"`
	HookEventName  string  `json:"hook_event_name"`
	Model          string  `json:"model,omitempty"`
	// PermissionMode is one of default, acceptEdits, plan, dontAsk,
	// bypassPermissions.
	PermissionMode string `json:"permission_mode,omitempty"`

	// Source is why a session started (SessionStart): startup, resume,
	// clear, compact or fork.
	Source string `json:"source,omitempty"`
	// Reason is why a session ended (SessionEnd): "other" in 0.171.
	Reason string `json:"reason,omitempty"`
	// Prompt is the user's prompt (UserPromptSubmit).
	Prompt string `json:"prompt,omitempty"`

	// ToolName is "Bash", "apply_patch", "mcp__<server>__<tool>", … on tool
	// events.
	ToolName  string          `json:"tool_name,omitempty"`
	ToolInput json.RawMessage `json:"tool_input,omitempty"`
	// ToolResponse is a string on PostToolUse (what the tool printed, or
	// for apply_patch the text the model sees).
	ToolResponse json.RawMessage `json:"tool_response,omitempty"`
	// ToolUseID is the model's call id; PermissionRequest has none.
	ToolUseID string `json:"tool_use_id,omitempty"`

	// StopHookActive is true when the agent already continued because a
	// stop hook blocked (Stop, SubagentStop).
	StopHookActive       bool    `json:"stop_hook_active,omitempty"`
	LastAssistantMessage *string `json:"last_assistant_message,omitempty"`

	// AgentID and AgentType identify a sub-agent (SubagentStart,
	// SubagentStop, and tool events run by a sub-agent).
	AgentID             string  `json:"agent_id,omitempty"`
	AgentType           string  `json:"agent_type,omitempty"`
	AgentTranscriptPath *string `json:"agent_transcript_path,omitempty"`

	// Trigger is "manual" or "auto" (PreCompact, PostCompact).
	Trigger string `json:"trigger,omitempty"`
}

// ShellToolInput is tool_input of the "Bash" tool. Description is only on
// PermissionRequest (the model's justification for an escalation).
type ShellToolInput struct {
	Command     string `json:"command"`
	Description string `json:"description,omitempty"`
}

// PatchToolInput is tool_input of the "apply_patch" tool: the raw patch.
type PatchToolInput struct {
	Command string `json:"command"`
}

// Output is the JSON object a Codex hook writes on stdout. Codex rejects
// the whole object when it holds a field the event's schema lacks, so each
// event uses only some of these fields; Serialize fills only those.
type Output struct {
	// Continue false stops processing (UserPromptSubmit, SessionStart).
	Continue *bool `json:"continue,omitempty"`
	// StopReason goes with Continue false.
	StopReason    string `json:"stopReason,omitempty"`
	SystemMessage string `json:"systemMessage,omitempty"`
	// Decision is "block" (PostToolUse, UserPromptSubmit, Stop,
	// SubagentStop; PreToolUse's legacy form).
	Decision string `json:"decision,omitempty"`
	// Reason goes with Decision "block" and must not be empty.
	Reason             string              `json:"reason,omitempty"`
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput is the event-specific part of Output. HookEventName
// must be the native event name; the other fields are event-specific.
type HookSpecificOutput struct {
	HookEventName string `json:"hookEventName"`
	// PermissionDecision is "deny", or "allow" together with UpdatedInput
	// (PreToolUse).
	PermissionDecision string `json:"permissionDecision,omitempty"`
	// PermissionDecisionReason must not be empty with a deny (PreToolUse).
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	// UpdatedInput replaces tool_input (PreToolUse, with allow).
	UpdatedInput json.RawMessage `json:"updatedInput,omitempty"`
	// AdditionalContext is added for the model (SessionStart,
	// UserPromptSubmit, PreToolUse, PostToolUse, SubagentStart).
	AdditionalContext string `json:"additionalContext,omitempty"`
	// Decision answers a PermissionRequest.
	Decision *PermissionDecision `json:"decision,omitempty"`
}

// PermissionDecision answers a PermissionRequest. Codex also defines
// updatedInput, updatedPermissions and interrupt, but fails closed on them,
// so they are not modelled.
type PermissionDecision struct {
	// Behavior is "allow" or "deny".
	Behavior string `json:"behavior"`
	// Message is the deny reason the model sees.
	Message string `json:"message,omitempty"`
}
