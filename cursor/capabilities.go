package cursor

import "github.com/agenthooks/hooks"

// Field sets shared by several rows.
const (
	// blocks is what a gate event honours: a deny (a Halt is sent as a
	// deny, the nearest Cursor has), its reason and a message for the user.
	blocks = hooks.FieldDeny | hooks.FieldReason | hooks.FieldUserMessage | hooks.FieldHalt

	allowNote = "allow is not claimed: {\"permission\":\"allow\"} is what the adapter prints for no opinion too " +
		"(with failClosed, empty stdout blocks), and Cursor's own allow-list and approvals still apply after it, " +
		"so an allow cannot approve anything. ask is not honoured reliably (deny or allow depending on the " +
		"build) and goes through Handlers.AskFallback. A Halt is sent as a deny of this call: Cursor cannot stop " +
		"the agent from here. A deny's reason goes in user_message, which is what the model receives " +
		"(measured, 3.9.16)"
)

// capabilities is the capability matrix, one row per native event. A field
// is claimed only where protocols/cursor.md shows Cursor acting on it.
var capabilities = [...]hooks.Capability{
	{Native: EventSessionStart, Event: hooks.SessionStart, Honours: hooks.FieldContext,
		Notes: "additional_context reaches the model (IDE and CLI); continue/user_message are accepted but not enforced; env is not modelled"},
	{Native: EventSessionEnd, Event: hooks.SessionEnd,
		Notes: "observe only"},
	{Native: EventBeforeSubmitPrompt, Event: hooks.UserPromptSubmit,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldUserMessage | hooks.FieldHalt,
		Notes: "deny or halt -> continue:false with user_message (the user sees it; the model never sees the blocked prompt); " +
			"no context injection; no opinion prints {\"continue\":true} so failClosed does not block every prompt"},
	{Native: EventPreToolUse, Event: hooks.PreToolUse, Honours: blocks | hooks.FieldUpdatedInput,
		Notes: "every tool; updated_input replaces tool_input. " + allowNote},
	{Native: EventBeforeShellExecution, Event: hooks.PreToolUse, Honours: blocks,
		Notes: "Shell only, fires with preToolUse(Shell) for the same call; no updated_input. " + allowNote},
	{Native: EventBeforeMCPExecution, Event: hooks.PreToolUse, Honours: blocks,
		Notes: "MCP only, fires with preToolUse for the same call; no updated_input; documented, no real capture. " + allowNote},
	{Native: EventBeforeReadFile, Event: hooks.PreToolUse, Honours: blocks,
		Notes: "Read only, fires with preToolUse(Read) for the same call; no agent_message, no updated_input. " + allowNote},
	{Native: EventPostToolUse, Event: hooks.PostToolUse, Honours: hooks.FieldContext,
		Notes: "additional_context reaches the model; the tool already ran, a deny cannot undo it. UpdatedOutput " +
			"is taken for MCP tools only (TakesOutput), as updated_mcp_tool_output {content:[{type:text,text}]} " +
			"(documented, not measured); for any other tool nothing keeps the output from the model (Fit warns)"},
	{Native: EventAfterShellExecution, Event: hooks.PostToolUse,
		Notes: "observe only (postToolUse(Shell) fires for the same call and takes context)"},
	{Native: EventAfterMCPExecution, Event: hooks.PostToolUse,
		Notes: "observe only"},
	{Native: EventAfterFileEdit, Event: hooks.PostToolUse,
		Notes: "observe only (postToolUse(Write) fires for the same call and takes context)"},
	{Native: EventPostToolUseFailure, Event: hooks.PostToolUseFailure,
		Notes: "observe only; fires after a hook deny with failure_type permission_denied"},
	{Native: EventStop, Event: hooks.Stop, Honours: hooks.FieldDeny | hooks.FieldReason,
		Notes: "deny -> followup_message (exit 0), submitted as the next user message; capped by loop_limit (default 5); permission is ignored here"},
	{Native: EventSubagentStart, Event: hooks.SubagentStart, Honours: blocks,
		Notes: "permission and user_message only; ask is documented as treated as deny. " + allowNote},
	{Native: EventSubagentStop, Event: hooks.SubagentStop, Honours: hooks.FieldDeny | hooks.FieldReason,
		Notes: "deny -> followup_message, consumed only when status is completed"},
	{Native: EventPreCompact, Event: hooks.PreCompact, Honours: hooks.FieldUserMessage,
		Notes: "user_message only; compaction cannot be blocked"},
	{Native: EventAfterAgentResponse, Notes: "observe only; not dispatched by the CLI"},
	{Native: EventAfterAgentThought, Notes: "observe only; not dispatched by the CLI"},
	{Native: EventBeforeTabFileRead, Honours: hooks.FieldDeny,
		Notes: "Tab (IDE) reads: permission allow|deny only, no message field; documented, no real capture"},
	{Native: EventAfterTabFileEdit, Notes: "observe only"},
	{Native: EventWorkspaceOpen, Notes: "pluginPaths is not modelled"},
}

// Capabilities returns the capability matrix. Callers must not modify it.
func (a *Adapter) Capabilities() []hooks.Capability { return capabilities[:] }
