package cline

import "encoding/json"

// Cline's hook events: the names of the hook files (an executable file
// <Event>, or <Event>.sh, .py, … in .clinerules/hooks or ~/.cline/hooks;
// Cline matches the name without case). They are this adapter's native
// event names. Cline also reads a PreCompact file, which 3.0.65 never
// runs.
const (
	EventTaskStart        = "TaskStart"
	EventTaskResume       = "TaskResume"
	EventTaskCancel       = "TaskCancel"
	EventTaskComplete     = "TaskComplete"
	EventTaskError        = "TaskError"
	EventPreToolUse       = "PreToolUse"
	EventPostToolUse      = "PostToolUse"
	EventUserPromptSubmit = "UserPromptSubmit"
	EventSessionShutdown  = "SessionShutdown"
)

// The hookName values of Cline's payloads, one per event.
const (
	hookAgentStart      = "agent_start"
	hookAgentResume     = "agent_resume"
	hookAgentAbort      = "agent_abort"
	hookAgentEnd        = "agent_end"
	hookAgentError      = "agent_error"
	hookToolCall        = "tool_call"
	hookToolResult      = "tool_result"
	hookPromptSubmit    = "prompt_submit"
	hookSessionShutdown = "session_shutdown"
)

// eventOf maps a payload's hookName to the event (hook file) name; ok is
// false for a name Cline 3.0.65 does not send. A switch, not a map: a
// package-level map is built at every hook's start.
func eventOf(hook string) (event string, ok bool) {
	switch hook {
	case hookAgentStart:
		return EventTaskStart, true
	case hookAgentResume:
		return EventTaskResume, true
	case hookAgentAbort:
		return EventTaskCancel, true
	case hookAgentEnd:
		return EventTaskComplete, true
	case hookAgentError:
		return EventTaskError, true
	case hookToolCall:
		return EventPreToolUse, true
	case hookToolResult:
		return EventPostToolUse, true
	case hookPromptSubmit:
		return EventUserPromptSubmit, true
	case hookSessionShutdown:
		return EventSessionShutdown, true
	}
	return "", false
}

// HookOutput is the JSON object a Cline hook writes on stdout (the whole
// of stdout, or the last line that starts with "HOOK_CONTROL\t"). Cline
// ignores the exit code. Stdout that is not JSON is an error Cline logs,
// and the tool runs.
type HookOutput struct {
	// Cancel true aborts the whole run: on PreToolUse the tool does not
	// run, the model is never called again and is never told why.
	Cancel bool `json:"cancel"`
	// ContextModification is added to the conversation as a
	// <hook_context> user message before the next model request (ignored
	// with Cancel).
	ContextModification string `json:"contextModification,omitempty"`
	// ErrorMessage is the reason of a cancel, written to Cline's log; the
	// model never sees it. Without Cancel, Cline takes it as context
	// when ContextModification is empty.
	ErrorMessage string `json:"errorMessage,omitempty"`
	// OverrideInput replaces the tool's whole input (PreToolUse).
	OverrideInput json.RawMessage `json:"overrideInput,omitempty"`
}
