package cursor

import "encoding/json"

// Native event names, as Cursor writes them in hook_event_name and as keys of
// hooks.json.
const (
	EventSessionStart         = "sessionStart"
	EventSessionEnd           = "sessionEnd"
	EventBeforeSubmitPrompt   = "beforeSubmitPrompt"
	EventPreToolUse           = "preToolUse"
	EventPostToolUse          = "postToolUse"
	EventPostToolUseFailure   = "postToolUseFailure"
	EventBeforeShellExecution = "beforeShellExecution"
	EventAfterShellExecution  = "afterShellExecution"
	EventBeforeMCPExecution   = "beforeMCPExecution"
	EventAfterMCPExecution    = "afterMCPExecution"
	EventBeforeReadFile       = "beforeReadFile"
	EventAfterFileEdit        = "afterFileEdit"
	EventStop                 = "stop"
	EventSubagentStart        = "subagentStart"
	EventSubagentStop         = "subagentStop"
	EventPreCompact           = "preCompact"
	EventAfterAgentResponse   = "afterAgentResponse"
	EventAfterAgentThought    = "afterAgentThought"
	EventBeforeTabFileRead    = "beforeTabFileRead"
	EventAfterTabFileEdit     = "afterTabFileEdit"
	EventWorkspaceOpen        = "workspaceOpen"
)

// Native tool names, as Cursor writes them in tool_name (and matches them
// with a hooks.json matcher). MCP tools are named MCPPrefix + the server's
// own tool name, without the server's name.
const (
	ToolShell      = "Shell"
	ToolRead       = "Read"
	ToolWrite      = "Write"
	ToolStrReplace = "StrReplace" // reported by peers, never seen in a real capture
	ToolGrep       = "Grep"
	ToolDelete     = "Delete"
	ToolTask       = "Task"
	MCPPrefix      = "MCP:"
)

// Input is a Cursor hook payload as the adapter reads it: the common fields
// and the event fields it lifts into the unified event, flat, as Cursor
// sends them. Fields an event does not carry are left zero; null reads as
// the zero value. Everything else Cursor sends (generation_id,
// cursor_version, model_params, user_email, attachments, durations, token
// counts, …) stays in the event's Base.Raw; the adapter does not decode it,
// so a change of its type in a later Cursor cannot break parsing.
type Input struct {
	// Common fields. SessionID equals ConversationID since Cursor 3.1.
	ConversationID string   `json:"conversation_id"`
	SessionID      string   `json:"session_id"`
	Model          string   `json:"model"`
	HookEventName  string   `json:"hook_event_name"`
	WorkspaceRoots []string `json:"workspace_roots"`
	TranscriptPath string   `json:"transcript_path"`
	// Cwd is sent on Shell tool events and beforeShellExecution, usually "".
	Cwd string `json:"cwd"`

	// Tool events (preToolUse, postToolUse, postToolUseFailure) and MCP
	// events. ToolInput is an object on the tool events and a
	// JSON-encoded string on before/afterMCPExecution.
	ToolName   string          `json:"tool_name"`
	ToolInput  json.RawMessage `json:"tool_input"`
	ToolUseID  string          `json:"tool_use_id"`
	ToolOutput json.RawMessage `json:"tool_output"` // postToolUse: a JSON-encoded string
	// postToolUseFailure.
	ErrorMessage string `json:"error_message"`
	IsInterrupt  bool   `json:"is_interrupt"`
	// afterMCPExecution: the result, a JSON-encoded string.
	ResultJSON json.RawMessage `json:"result_json"`
	// MCPServerName is the MCP server of an MCP tool call, on the events
	// that carry one (Cursor's hooks documentation names it; no capture
	// shows it yet).
	MCPServerName string `json:"mcp_server_name"`

	// before/afterShellExecution.
	Command string          `json:"command"`
	Output  json.RawMessage `json:"output"` // a string

	// beforeReadFile, afterFileEdit and the Tab events.
	FilePath string     `json:"file_path"`
	Edits    []FileEdit `json:"edits"`

	// beforeSubmitPrompt.
	Prompt string `json:"prompt"`

	// sessionEnd.
	Reason string `json:"reason"`

	// stop / subagentStop: follow-ups already triggered by stop hooks.
	LoopCount int `json:"loop_count"`

	// subagentStart / subagentStop.
	SubagentID   string `json:"subagent_id"`
	SubagentType string `json:"subagent_type"`
	Task         string `json:"task"`

	// preCompact: "auto" or "manual".
	Trigger string `json:"trigger"`
}

// FileEdit is one hunk of afterFileEdit's edits. A new file comes with no
// edits, or (older builds) one edit with both strings empty.
type FileEdit struct {
	OldString string `json:"old_string"`
	NewString string `json:"new_string"`
}

// Output is what a Cursor hook prints on stdout (with exit code 0): one flat
// object. Which fields Cursor reads depends on the event; see
// Capabilities.
type Output struct {
	// Permission is "allow" or "deny" on the gate events (preToolUse,
	// beforeShellExecution, beforeMCPExecution, beforeReadFile,
	// subagentStart, beforeTabFileRead).
	Permission string `json:"permission,omitempty"`
	// Continue false blocks the prompt (beforeSubmitPrompt).
	Continue *bool `json:"continue,omitempty"`
	// UserMessage is shown to the user; on a denied tool it is also what
	// the model receives (as postToolUseFailure's error_message).
	UserMessage string `json:"user_message,omitempty"`
	// AgentMessage is meant for the model (preToolUse,
	// beforeShellExecution, beforeMCPExecution).
	AgentMessage string `json:"agent_message,omitempty"`
	// UpdatedInput replaces the tool's input (preToolUse only).
	UpdatedInput json.RawMessage `json:"updated_input,omitempty"`
	// AdditionalContext is added for the model (sessionStart, postToolUse).
	AdditionalContext string `json:"additional_context,omitempty"`
	// FollowupMessage is submitted as the next user message (stop,
	// subagentStop).
	FollowupMessage string `json:"followup_message,omitempty"`
	// UpdatedMCPToolOutput replaces an MCP tool's result (postToolUse of
	// an MCP tool; see [UpdatedMCPToolOutput]).
	UpdatedMCPToolOutput json.RawMessage `json:"updated_mcp_tool_output,omitempty"`
}

// ShellToolInput is the tool_input of the Shell tool.
type ShellToolInput struct {
	Command string `json:"command"`
	Cwd     string `json:"cwd"`
	// Timeout is in milliseconds (30000 observed).
	Timeout float64 `json:"timeout"`
}
