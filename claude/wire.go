package claude

import "encoding/json"

// Input is the JSON object Claude Code writes on a hook's stdin. One type
// serves every event: each event sets the fields it carries and leaves the
// others zero. Fields whose shape is not needed to answer a hook are kept
// as raw JSON.
type Input struct {
	// Common to every event.
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	Cwd            string `json:"cwd"`
	HookEventName  string `json:"hook_event_name"`
	// PromptID is on every event but SessionStart (startup, resume) and
	// InstructionsLoaded.
	PromptID string `json:"prompt_id,omitempty"`
	// PermissionMode is on tool events, PermissionRequest,
	// UserPromptSubmit, Stop and SubagentStop.
	PermissionMode string `json:"permission_mode,omitempty"`
	// AgentID and AgentType are set inside a subagent, and on
	// SubagentStart/SubagentStop.
	AgentID   string `json:"agent_id,omitempty"`
	AgentType string `json:"agent_type,omitempty"`
	// Effort is {"level":"high"} on tool and stop events.
	Effort json.RawMessage `json:"effort,omitempty"`
	// Model is the model slug (SessionStart after a compaction).
	Model json.RawMessage `json:"model,omitempty"`

	// Tool events (PreToolUse, PostToolUse, PostToolUseFailure,
	// PermissionRequest, PreSkillShellCommand). PermissionRequest has no
	// tool_use_id; PreSkillShellCommand's names no tool call.
	ToolName  string          `json:"tool_name,omitempty"`
	ToolInput json.RawMessage `json:"tool_input,omitempty"`
	// ToolResponse is the tool's structured result (PostToolUse only); its
	// shape depends on the tool.
	ToolResponse json.RawMessage `json:"tool_response,omitempty"`
	ToolUseID    string          `json:"tool_use_id,omitempty"`
	DurationMS   float64         `json:"duration_ms,omitempty"`
	// Error and IsInterrupt are set on PostToolUseFailure (Error also on
	// StopFailure).
	Error       string `json:"error,omitempty"`
	IsInterrupt bool   `json:"is_interrupt,omitempty"`
	// PermissionSuggestions is set on some PermissionRequest events.
	PermissionSuggestions json.RawMessage `json:"permission_suggestions,omitempty"`

	// CommandName and CommandSource name the skill or slash command
	// (UserPromptExpansion, PreSkillShellCommand); InvokedBy says who ran
	// it: "user", "claude" or "other" (PreSkillShellCommand, 2.1.332).
	CommandName   string `json:"command_name,omitempty"`
	CommandSource string `json:"command_source,omitempty"`
	InvokedBy     string `json:"invoked_by,omitempty"`

	// Prompt is the user's prompt (UserPromptSubmit, UserPromptExpansion).
	Prompt string `json:"prompt,omitempty"`
	// Source is why a session started: startup, resume, clear, compact.
	Source string `json:"source,omitempty"`
	// Reason is why a session ended (SessionEnd).
	Reason string `json:"reason,omitempty"`

	// Stop and SubagentStop.
	StopHookActive       bool            `json:"stop_hook_active,omitempty"`
	LastAssistantMessage string          `json:"last_assistant_message,omitempty"`
	AgentTranscriptPath  string          `json:"agent_transcript_path,omitempty"`
	BackgroundTasks      json.RawMessage `json:"background_tasks,omitempty"`
	SessionCrons         json.RawMessage `json:"session_crons,omitempty"`

	// PreCompact: Trigger is "manual" or "auto".
	Trigger            string `json:"trigger,omitempty"`
	CustomInstructions string `json:"custom_instructions,omitempty"`

	// Notification.
	NotificationType string `json:"notification_type,omitempty"`
	Message          string `json:"message,omitempty"`
	Title            string `json:"title,omitempty"`
}

// commonInput is the part of Input every event shares. Parse falls back to
// it for events with no unified counterpart, whose other fields it does
// not read.
type commonInput struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath string          `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	HookEventName  string          `json:"hook_event_name"`
	Model          json.RawMessage `json:"model"`
}

// HookOutput is the JSON object a Claude Code hook writes on stdout (exit
// code 0). Claude validates it against a non-strict schema: unknown keys
// are logged and dropped, a wrong type voids the whole output.
type HookOutput struct {
	// Continue false stops the agent after this hook (no further model
	// call); StopReason is then shown to the user, never to the model.
	Continue   *bool  `json:"continue,omitempty"`
	StopReason string `json:"stopReason,omitempty"`
	// SuppressOutput hides the hook's stdout from the transcript view.
	SuppressOutput bool `json:"suppressOutput,omitempty"`
	// Decision "block" with Reason blocks a prompt (UserPromptSubmit),
	// feeds Reason back after a tool (PostToolUse) or keeps the agent
	// going (Stop, SubagentStop). "approve" is the legacy allow.
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// SystemMessage is shown to the user, never to the model.
	SystemMessage string `json:"systemMessage,omitempty"`
	// HookSpecificOutput carries the event's own fields. Its
	// HookEventName must equal the running event or Claude ignores the
	// whole output, a deny included.
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput is the per-event part of HookOutput.
type HookSpecificOutput struct {
	// HookEventName is the running event's name, exactly; required.
	HookEventName string `json:"hookEventName"`
	// PermissionDecision is "allow", "deny", "ask" or "defer" (PreToolUse).
	PermissionDecision string `json:"permissionDecision,omitempty"`
	// PermissionDecisionReason is shown to the model on deny and ask.
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	// UpdatedInput replaces the whole tool input (PreToolUse).
	UpdatedInput json.RawMessage `json:"updatedInput,omitempty"`
	// AdditionalContext is added to what the model sees next.
	AdditionalContext string `json:"additionalContext,omitempty"`
	// Decision answers a PermissionRequest.
	Decision *PermissionDecision `json:"decision,omitempty"`
	// UpdatedToolOutput replaces a built-in tool's output (PostToolUse,
	// Claude Code 2.1.121 and later); it must have the tool's own output
	// shape (for Bash an object, never a string), or Claude keeps the
	// original output.
	UpdatedToolOutput json.RawMessage `json:"updatedToolOutput,omitempty"`
	// UpdatedMCPToolOutput replaces an MCP tool's output (PostToolUse).
	UpdatedMCPToolOutput json.RawMessage `json:"updatedMCPToolOutput,omitempty"`
	// ClassifierContext is shown to the auto-mode permission classifier
	// beside the tool call's result (PostToolUse, Claude Code 2.1.332;
	// see [ClassifierContext]).
	ClassifierContext string `json:"classifierContext,omitempty"`
}

// PermissionDecision is the answer to a PermissionRequest:
// {"behavior":"allow","updatedInput":...} or
// {"behavior":"deny","message":...}.
type PermissionDecision struct {
	Behavior     string          `json:"behavior"`
	UpdatedInput json.RawMessage `json:"updatedInput,omitempty"`
	// Message is the tool result the model sees on deny.
	Message string `json:"message,omitempty"`
	// Interrupt, on deny, also stops the agent.
	Interrupt bool `json:"interrupt,omitempty"`
}

// isZero reports whether o has nothing to say.
func (o *HookOutput) isZero() bool {
	return o.Continue == nil && o.StopReason == "" && !o.SuppressOutput && o.Decision == "" &&
		o.Reason == "" && o.SystemMessage == "" && o.HookSpecificOutput == nil
}

// ModelSwitchInput holds the fields of PreModelSwitch and PostModelSwitch
// (Claude Code 2.1.251 and later), which parse as *hooks.OtherEvent:
// decode the event's Raw into it.
type ModelSwitchInput struct {
	// FromModel and ToModel are the resolved model ids before and after.
	FromModel string `json:"from_model"`
	ToModel   string `json:"to_model"`
	// RequestedModel is what was asked for (an alias or an id); nil means
	// the default model.
	RequestedModel *string `json:"requested_model"`
	// Source is how: "command", "picker", "sdk" (and on PostModelSwitch
	// also "auto", "resume").
	Source string `json:"source"`
	// ContextTokens is how many prompt tokens the next request re-sends.
	ContextTokens float64 `json:"context_tokens"`
	// PromptCacheWarm, CacheTTL, EstimatedCacheWriteUSD and Pricing
	// estimate what the switch costs.
	PromptCacheWarm        bool    `json:"prompt_cache_warm"`
	CacheTTL               string  `json:"cache_ttl"`
	EstimatedCacheWriteUSD float64 `json:"estimated_cache_write_usd"`
	Pricing                string  `json:"pricing"`
}

// DirectoryAddedInput holds the fields of DirectoryAdded (Claude Code
// 2.1.219 and later), which parses as *hooks.OtherEvent: decode the
// event's Raw into it.
type DirectoryAddedInput struct {
	// Directory is the absolute path of the directory added.
	Directory string `json:"directory"`
	// Source is how: "slash_command" (/add-dir) or "register_repo_root"
	// (an SDK request).
	Source string `json:"source"`
}
