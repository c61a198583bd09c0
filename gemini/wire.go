package gemini

import "encoding/json"

// The native event names of Gemini CLI (hook_event_name).
const (
	EventBeforeTool          = "BeforeTool"
	EventAfterTool           = "AfterTool"
	EventBeforeAgent         = "BeforeAgent"
	EventAfterAgent          = "AfterAgent"
	EventBeforeModel         = "BeforeModel"
	EventAfterModel          = "AfterModel"
	EventBeforeToolSelection = "BeforeToolSelection"
	EventSessionStart        = "SessionStart"
	EventSessionEnd          = "SessionEnd"
	EventPreCompress         = "PreCompress"
	EventNotification        = "Notification"
)

// The built-in tool names with a unified kind, and the MCP tool prefix.
const (
	ToolShell   = "run_shell_command" // {command, description, dir_path, is_background, delay_ms}
	ToolWrite   = "write_file"        // {file_path, content}
	ToolReplace = "replace"           // {file_path, instruction, old_string, new_string, allow_multiple}
	ToolRead    = "read_file"         // {file_path, start_line, end_line}
	// MCPPrefix starts the name of every MCP tool: mcp_<server>_<tool>.
	MCPPrefix = "mcp_"
)

// Common holds the fields Gemini CLI sends with every event.
type Common struct {
	SessionID string `json:"session_id"`
	// TranscriptPath is a .jsonl file under ~/.gemini/tmp/<project>/chats/.
	TranscriptPath string `json:"transcript_path"`
	Cwd            string `json:"cwd"`
	HookEventName  string `json:"hook_event_name"`
	// Timestamp is when the event fired, ISO-8601 UTC with milliseconds.
	Timestamp string `json:"timestamp"`
}

// Input is the JSON payload Gemini CLI writes on a hook's stdin. Past the
// common fields, each field is sent only with the events named beside it.
// There is no tool-call id, permission mode or top-level model.
type Input struct {
	Common

	// Source is why the session started: startup, resume or clear (SessionStart).
	Source string `json:"source,omitempty"`
	// Reason is why the session ended: exit, clear, logout,
	// prompt_input_exit or other (SessionEnd).
	Reason string `json:"reason,omitempty"`

	// Prompt is the user's prompt (BeforeAgent, AfterAgent).
	Prompt string `json:"prompt,omitempty"`
	// PromptResponse is the agent's final text, cumulative over stop-hook
	// continuations (AfterAgent).
	PromptResponse string `json:"prompt_response,omitempty"`
	// StopHookActive is true when the agent runs again because an
	// AfterAgent hook blocked its stop (AfterAgent).
	StopHookActive bool `json:"stop_hook_active,omitempty"`

	// ToolName is the tool's name (BeforeTool, AfterTool).
	ToolName string `json:"tool_name,omitempty"`
	// ToolInput is the tool's arguments object, as the model sent them
	// (BeforeTool, AfterTool).
	ToolInput json.RawMessage `json:"tool_input,omitempty"`
	// ToolResponse is the tool's internal result (AfterTool); see
	// ToolResponse.
	ToolResponse json.RawMessage `json:"tool_response,omitempty"`
	// MCPContext describes the MCP server of an MCP tool (BeforeTool,
	// AfterTool of MCP tools only).
	MCPContext *MCPContext `json:"mcp_context,omitempty"`
	// OriginalRequestName is the tool whose AfterTool hook requested this
	// call as a tail call (BeforeTool, AfterTool).
	OriginalRequestName string `json:"original_request_name,omitempty"`

	// LLMRequest is the model request in Gemini's hook view
	// {model, messages, config} (BeforeModel, BeforeToolSelection, AfterModel).
	LLMRequest json.RawMessage `json:"llm_request,omitempty"`
	// LLMResponse is one streamed response chunk (AfterModel).
	LLMResponse json.RawMessage `json:"llm_response,omitempty"`

	// Trigger is auto or manual (PreCompress).
	Trigger string `json:"trigger,omitempty"`

	// NotificationType is ToolPermission (Notification).
	NotificationType string `json:"notification_type,omitempty"`
	// Message is the notification text (Notification).
	Message string `json:"message,omitempty"`
	// Details describes the confirmation asked for (Notification).
	Details json.RawMessage `json:"details,omitempty"`
}

// ToolResponse is the tool_response of an AfterTool event: the tool's
// internal result, not what the model receives.
type ToolResponse struct {
	// LLMContent is what the model gets: a string for the built-in tools, a
	// list of parts for MCP tools.
	LLMContent json.RawMessage `json:"llmContent,omitempty"`
	// ReturnDisplay is what the user is shown: a string, or an object with
	// a diff for the file tools.
	ReturnDisplay json.RawMessage `json:"returnDisplay,omitempty"`
	// Error is set when the tool failed.
	Error json.RawMessage `json:"error,omitempty"`
}

// MCPContext is the mcp_context of an MCP tool event.
type MCPContext struct {
	ServerName string `json:"server_name"`
	// ToolName is the server's own tool name (not the mcp_ name).
	ToolName string   `json:"tool_name"`
	Command  string   `json:"command,omitempty"`
	Args     []string `json:"args,omitempty"`
	Cwd      string   `json:"cwd,omitempty"`
	URL      string   `json:"url,omitempty"`
	TCP      string   `json:"tcp,omitempty"`
}

// Output is the JSON document a hook writes on stdout. Gemini CLI reads it
// only when the whole of stdout is one JSON document: any extra line turns
// it into plain text, which at exit code 0 means "allow".
type Output struct {
	// Decision is deny (or its alias block) to block; allow and approve
	// change nothing; ask forces a confirmation, which never completes
	// headless.
	Decision string `json:"decision,omitempty"`
	// Reason goes with a deny: the model sees it as the tool error
	// (BeforeTool, AfterTool) or as its next prompt (AfterAgent).
	Reason string `json:"reason,omitempty"`
	// Continue false stops the agent altogether.
	Continue *bool `json:"continue,omitempty"`
	// StopReason says why the agent was stopped.
	StopReason string `json:"stopReason,omitempty"`
	// SystemMessage is printed to the user (stderr headless), never sent
	// to the model.
	SystemMessage string `json:"systemMessage,omitempty"`
	// SuppressOutput hides the SystemMessage in the debug log.
	SuppressOutput bool `json:"suppressOutput,omitempty"`
	// HookSpecificOutput holds the per-event fields.
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput holds the per-event fields of an Output. Gemini CLI
// never reads HookEventName; it is written for readers.
type HookSpecificOutput struct {
	HookEventName string `json:"hookEventName,omitempty"`
	// AdditionalContext is added for the model (AfterTool: appended to
	// the result; BeforeAgent: a part after the prompt; SessionStart:
	// before the first prompt), wrapped in <hook_context> with < and >
	// escaped.
	AdditionalContext string `json:"additionalContext,omitempty"`
	// ToolInput REPLACES the tool's arguments (BeforeTool): it must be the
	// complete input, not a patch.
	ToolInput json.RawMessage `json:"tool_input,omitempty"`
	// TailToolCallRequest runs another tool whose result replaces this
	// one's (AfterTool): {name, args}.
	TailToolCallRequest json.RawMessage `json:"tailToolCallRequest,omitempty"`
	// ClearContext wipes the conversation on a blocked or stopped
	// AfterAgent.
	ClearContext bool `json:"clearContext,omitempty"`
	// LLMRequest overrides model, config or messages (BeforeModel).
	LLMRequest json.RawMessage `json:"llm_request,omitempty"`
	// LLMResponse is a synthetic response, used by BeforeModel only with a
	// deny, or a replacement chunk (AfterModel).
	LLMResponse json.RawMessage `json:"llm_response,omitempty"`
	// ToolConfig restricts tool calling (BeforeToolSelection):
	// {mode, allowedFunctionNames}.
	ToolConfig json.RawMessage `json:"toolConfig,omitempty"`
}
