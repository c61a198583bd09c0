package hooks

import "encoding/json"

// Host names an agent that runs hooks, such as "claude" or "codex".
// The root package knows no host: each adapter package defines its own.
type Host string

// EventName is the unified name of an event. Host-native names (Gemini
// "BeforeTool", Cursor "beforeShellExecution", …) are mapped onto these by
// the adapters where the meaning is the same.
type EventName string

// The unified events.
const (
	SessionStart       EventName = "SessionStart"
	SessionEnd         EventName = "SessionEnd"
	UserPromptSubmit   EventName = "UserPromptSubmit"
	PreToolUse         EventName = "PreToolUse"
	PostToolUse        EventName = "PostToolUse"
	PostToolUseFailure EventName = "PostToolUseFailure"
	PermissionRequest  EventName = "PermissionRequest"
	Stop               EventName = "Stop"
	SubagentStart      EventName = "SubagentStart"
	SubagentStop       EventName = "SubagentStop"
	PreCompact         EventName = "PreCompact"
	Notification       EventName = "Notification"
)

// Events lists every unified event, in a stable order.
func Events() []EventName {
	return []EventName{SessionStart, SessionEnd, UserPromptSubmit, PreToolUse, PostToolUse,
		PostToolUseFailure, PermissionRequest, Stop, SubagentStart, SubagentStop, PreCompact, Notification,
		PreModel, PostModel, PreToolSelection}
}

// Event is one hook invocation as an adapter parsed it. Its dynamic type is
// one of the *XxxEvent types of this package; events that have no unified
// counterpart are *OtherEvent. Use a type switch, or the typed fields of
// Handlers, to reach the event-specific fields.
type Event interface {
	// Name is the unified event name, or "" for an *OtherEvent.
	Name() EventName
	// Common returns the fields every event carries.
	Common() *Base
}

// Base holds the fields every event carries, whatever the host.
type Base struct {
	// Host is the agent that sent the event.
	Host Host `json:"host"`
	// NativeEvent is the host's own event name ("BeforeTool", "preToolUse", …).
	NativeEvent string `json:"native_event"`
	// SessionID identifies the agent session (Cursor: conversation_id).
	SessionID string `json:"session_id,omitempty"`
	// Cwd is the working directory of the session. For Cursor, which rarely
	// sends one, it is the first workspace root.
	Cwd string `json:"cwd,omitempty"`
	// TranscriptPath is the host's session transcript, when it gives one.
	TranscriptPath string `json:"transcript_path,omitempty"`
	// Model is the model slug, when the host gives one.
	Model string `json:"model,omitempty"`
	// PermissionMode is the host's permission mode when the event fired,
	// in the host's own words, when it sends one (permission_mode):
	// Claude Code and Codex "default", "acceptEdits", "plan", "dontAsk",
	// "bypassPermissions"; Qwen Code "default", "yolo", …; Factory Droid
	// "off", "auto-low", …. Claude Code sends it on tool events,
	// PermissionRequest, UserPromptSubmit, Stop and SubagentStop only.
	PermissionMode string `json:"permission_mode,omitempty"`
	// Raw is the native payload exactly as received, for anything not lifted.
	Raw json.RawMessage `json:"-"`
}

// Common returns b itself; it makes every event type satisfy Event.
func (b *Base) Common() *Base { return b }

// SessionStartEvent is sent when a session starts or resumes.
type SessionStartEvent struct {
	Base
	// Source is why the session started: "startup", "resume", "clear",
	// "compact", … as the host says it ("" when the host does not say).
	Source string `json:"source,omitempty"`
}

// SessionEndEvent is sent when a session ends. Hosts ignore any decision.
type SessionEndEvent struct {
	Base
	// Reason is the host's reason string ("exit", "other", "user_close", …).
	Reason string `json:"reason,omitempty"`
}

// UserPromptSubmitEvent is sent when the user submits a prompt, before the
// model sees it (Gemini BeforeAgent, Cursor beforeSubmitPrompt).
type UserPromptSubmitEvent struct {
	Base
	Prompt string `json:"prompt"`
}

// PreToolUseEvent is sent before a tool runs. A Deny stops the tool.
type PreToolUseEvent struct {
	Base
	Tool Tool `json:"tool"`
	// Origin is nil for a tool call the model made. It is set when the
	// call is a line of a command's own text that the host runs before the
	// model sees the command (Claude Code: a `!` shell line of a skill or
	// slash command, sent as PreSkillShellCommand). A policy that judges
	// the tool's input needs no change to cover such calls; one that
	// trusts commands by name can tell them apart here.
	Origin *CommandOrigin `json:"origin,omitempty"`
}

// CommandOrigin names the skill or slash command a [PreToolUseEvent]'s
// call comes from (see PreToolUseEvent.Origin). Its values are the
// host's own words.
type CommandOrigin struct {
	// Command is the command's name, without the slash ("deploy").
	Command string `json:"command"`
	// Source is where the command is defined ("projectSettings",
	// "userSettings", "plugin", …; "" when the host does not say).
	Source string `json:"source,omitempty"`
	// InvokedBy is who ran the command: "user" (typed it), "claude" (the
	// model invoked a skill) or "other", as Claude Code says it.
	InvokedBy string `json:"invoked_by,omitempty"`
}

// PermissionRequestEvent is sent when the host would ask the user to approve
// a tool call. Allow approves it, Deny rejects it.
type PermissionRequestEvent struct {
	Base
	Tool Tool `json:"tool"`
}

// PostToolUseEvent is sent after a tool ran successfully.
type PostToolUseEvent struct {
	Base
	Tool   Tool       `json:"tool"`
	Output ToolOutput `json:"output"`
}

// PostToolUseFailureEvent is sent after a tool failed (or was denied, on
// Cursor).
type PostToolUseFailureEvent struct {
	Base
	Tool        Tool   `json:"tool"`
	Error       string `json:"error,omitempty"`
	Interrupted bool   `json:"interrupted,omitempty"`
}

// StopEvent is sent when the agent is about to end its turn (Gemini
// AfterAgent). A Deny keeps the agent going, with Reason as its next
// instruction.
type StopEvent struct {
	Base
	// Active reports that the agent is already continuing because a stop
	// hook blocked an earlier stop (Claude, Codex and Gemini
	// stop_hook_active; Cursor loop_count > 0).
	Active bool `json:"active,omitempty"`
	// LoopCount is how many times a stop hook already continued the agent,
	// where the host counts it (Cursor); otherwise 0 or 1 from Active.
	LoopCount int `json:"loop_count,omitempty"`
	// LastMessage is the agent's final message, when the host gives it.
	LastMessage string `json:"last_message,omitempty"`
}

// Agent describes a subagent.
type Agent struct {
	ID   string `json:"id,omitempty"`
	Type string `json:"type,omitempty"`
	Task string `json:"task,omitempty"`
}

// SubagentStartEvent is sent when a subagent starts.
type SubagentStartEvent struct {
	Base
	Agent Agent `json:"agent"`
}

// SubagentStopEvent is sent when a subagent is about to stop. A Deny keeps
// it going, as for StopEvent.
type SubagentStopEvent struct {
	Base
	Agent       Agent  `json:"agent"`
	Active      bool   `json:"active,omitempty"`
	LoopCount   int    `json:"loop_count,omitempty"`
	LastMessage string `json:"last_message,omitempty"`
}

// PreCompactEvent is sent before the host compacts the conversation. Gemini
// sends its PreCompress before every model call, compaction or not.
type PreCompactEvent struct {
	Base
	// Trigger is "manual" or "auto".
	Trigger string `json:"trigger,omitempty"`
}

// NotificationEvent is sent when the host notifies the user.
type NotificationEvent struct {
	Base
	Kind    string `json:"kind,omitempty"`
	Message string `json:"message,omitempty"`
}

// OtherEvent is a host event with no unified counterpart (Cursor
// afterAgentResponse, Claude PostToolBatch, …). Its
// NativeEvent and Raw say what it is. Only Handlers.Any receives it.
type OtherEvent struct {
	Base
	// Unknown reports that the adapter does not know the event name at
	// all (a newer host, or a mistyped registration). Without an Any
	// handler, an unknown event is answered with the Fail policy.
	Unknown bool `json:"unknown,omitempty"`
}

// Name methods: one per event type.

func (*SessionStartEvent) Name() EventName       { return SessionStart }
func (*SessionEndEvent) Name() EventName         { return SessionEnd }
func (*UserPromptSubmitEvent) Name() EventName   { return UserPromptSubmit }
func (*PreToolUseEvent) Name() EventName         { return PreToolUse }
func (*PermissionRequestEvent) Name() EventName  { return PermissionRequest }
func (*PostToolUseEvent) Name() EventName        { return PostToolUse }
func (*PostToolUseFailureEvent) Name() EventName { return PostToolUseFailure }
func (*StopEvent) Name() EventName               { return Stop }
func (*SubagentStartEvent) Name() EventName      { return SubagentStart }
func (*SubagentStopEvent) Name() EventName       { return SubagentStop }
func (*PreCompactEvent) Name() EventName         { return PreCompact }
func (*NotificationEvent) Name() EventName       { return Notification }
func (*OtherEvent) Name() EventName              { return "" }

// ToolOf returns the tool of a tool event (PreToolUse, PermissionRequest,
// PostToolUse, PostToolUseFailure), or nil for any other event.
func ToolOf(ev Event) *Tool {
	switch e := ev.(type) {
	case *PreToolUseEvent:
		return &e.Tool
	case *PermissionRequestEvent:
		return &e.Tool
	case *PostToolUseEvent:
		return &e.Tool
	case *PostToolUseFailureEvent:
		return &e.Tool
	}
	return nil
}
