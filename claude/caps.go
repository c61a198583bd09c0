package claude

import "github.com/agenthooks/hooks"

// user is what Claude shows the user: systemMessage (UserMessage is
// written there too).
const user = hooks.FieldSystemMessage | hooks.FieldUserMessage

// capabilities is the matrix, from Claude Code 2.1.197 and 2.1.332 run
// headless (the e2e suite runs both). "measured" means a live run showed
// the effect; "schema" means the client's output schema accepts it and the
// same code path was measured on another event; "binary" means the
// client's own description of a field, read from its executable.
var capabilities = [...]hooks.Capability{
	{Native: "PreToolUse", Event: hooks.PreToolUse,
		Honours: hooks.FieldAllow | hooks.FieldDeny | hooks.FieldAsk | hooks.FieldReason | hooks.FieldUpdatedInput |
			hooks.FieldContext | hooks.FieldHalt | user,
		Notes: "measured: hookSpecificOutput.permissionDecision allow (bypasses the permission prompt), deny (the " +
			"model gets permissionDecisionReason as the tool result; an empty reason is sent as \"Blocked by hook\"), " +
			"ask (asks the user; in -p mode acts as deny and shows the reason); updatedInput replaces the whole " +
			"input, with or without allow; additionalContext reaches the model next to the tool result. " +
			"Halt (continue:false) does NOT stop this tool: it runs, then no further model call is made. " +
			"systemMessage is shown to the user only."},
	{Native: SkillShell, Event: hooks.PreToolUse,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldHalt | user,
		Notes: "Claude Code 2.1.332 and later: a `!` shell line of a skill or slash command, which no PreToolUse " +
			"sees (parsed as PreToolUse with a Bash tool and an Origin). measured on 2.1.332: permissionDecision " +
			"deny (or decision:block, or exit 2) keeps the line from running and the model reads `[not run: " +
			"blocked by hook: <reason>]` in the expanded command; continue:false keeps it from running and ends " +
			"the turn before any model call; allow changes nothing (the line runs unless a hook refuses it), so " +
			"Allow is not claimed; ask keeps the line from running with the reason shown, as a deny, so ask is " +
			"sent as the ask fallback; updatedInput is never applied and keeps the line from running (\"the hook " +
			"changed the command, which isn't supported here\"), so a rewrite is sent as a deny; " +
			"additionalContext is dropped (the line runs, the model sees nothing). systemMessage is shown to " +
			"the user only (binary; nothing in -p). Clients before 2.1.332 run these lines unchecked."},
	{Native: "PermissionRequest", Event: hooks.PermissionRequest,
		Honours: hooks.FieldAllow | hooks.FieldDeny | hooks.FieldReason | hooks.FieldUpdatedInput | user,
		Notes: "measured: fires in SDK permission-prompt mode, and from 2.1.268 in plain -p mode too (on " +
			"2.1.197 plain -p refuses the tool with no hook); hookSpecificOutput.decision {behavior:allow} runs " +
			"the tool, {behavior:deny, message} makes message the tool result. Reason is written only with deny. " +
			"An updated input is sent as allow with updatedInput (schema; not measured live). Ask is not " +
			"possible here."},
	{Native: "UserPromptSubmit", Event: hooks.UserPromptSubmit,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldContext | hooks.FieldHalt | user,
		Notes: "measured: decision:block + reason stops the prompt before any model call; additionalContext is " +
			"appended to a system message after the prompt; continue:false stops with stopReason."},
	{Native: "PostToolUse", Event: hooks.PostToolUse,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldContext | hooks.FieldHalt | hooks.FieldUpdatedOutput | user,
		Notes: "measured: the tool already ran; decision:block + reason adds the reason as feedback next to the " +
			"unchanged tool result; additionalContext likewise; continue:false ends the turn (no Stop hook). " +
			"UpdatedOutput is hookSpecificOutput.updatedToolOutput (2.1.121 and later; binary: the schema's " +
			"`updatedToolOutput: unknown`, validated against the tool's output schema: a string for Bash was " +
			"measured rejected, \"does not match Bash's output shape; using original output\") in the tool's " +
			"own shape, built from the received tool_response for Bash (stdout, stderr emptied) and Read " +
			"(file.content), measured live in both shapes on 2.1.197 and 2.1.332 (e2e guard-secrets: the model " +
			"reads the replaced stdout, and the replaced content with the client's line numbers, and no request " +
			"holds the original), and updatedMCPToolOutput for MCP tools; for a tool whose shape the adapter does " +
			"not know (TakesOutput false) Fit sends a halt, which makes no further model call (measured)."},
	{Native: "PostToolUseFailure", Event: hooks.PostToolUseFailure,
		Honours: hooks.FieldContext | user,
		Notes:   "measured: additionalContext reaches the model after the failed tool result."},
	{Native: "Stop", Event: hooks.Stop,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldHalt | user,
		Notes: "measured: decision:block + reason keeps the agent going with the reason as its next input " +
			"(Claude caps it at 8 blocks in a row); continue:false ends without another turn. " +
			"Context is not claimed: Claude continues the agent on additionalContext too, unlike other hosts."},
	{Native: "SubagentStop", Event: hooks.SubagentStop,
		Honours: hooks.FieldDeny | hooks.FieldReason | user,
		Notes: "measured: decision:block + reason keeps the subagent going. Context is not claimed (it would " +
			"continue the subagent, as on Stop); halt was not measured."},
	{Native: "SessionStart", Event: hooks.SessionStart,
		Honours: hooks.FieldContext | user,
		Notes: "measured: additionalContext opens the session's system message. A deny cannot stop a " +
			"session (exit code 2 is non-blocking there)."},
	{Native: "SubagentStart", Event: hooks.SubagentStart,
		Honours: hooks.FieldContext | user,
		Notes:   "measured: additionalContext opens the subagent's system message."},
	{Native: "PreCompact", Event: hooks.PreCompact,
		Honours: user,
		Notes:   "schema: only the common fields; systemMessage shown to the user."},
	{Native: "Notification", Event: hooks.Notification,
		Notes: "never fired in the measured runs (it needs interactive mode); the schema accepts " +
			"additionalContext but where it would go is unknown, so nothing is claimed."},
	{Native: "SessionEnd", Event: hooks.SessionEnd,
		Notes: "the session is over: nothing a hook answers has an effect."},
	{Native: "PreModelSwitch",
		Notes: "2.1.251 and later, host-only (*hooks.OtherEvent; from_model, to_model, requested_model, source in " +
			"Raw): sent before /model, the model picker or an SDK set_model changes the model. binary: " +
			"permissionDecision deny cancels the switch; not measured, so nothing is claimed."},
	{Native: "PostModelSwitch",
		Notes: "2.1.251 and later, host-only (*hooks.OtherEvent; the same fields as PreModelSwitch): after the " +
			"model changed, automatic fallbacks and resumes included. Did not fire in -p; the schema takes " +
			"additionalContext, not measured, so nothing is claimed."},
	{Native: "DirectoryAdded",
		Notes: "2.1.219 and later, host-only (*hooks.OtherEvent; directory, source in Raw): after /add-dir or an " +
			"SDK repository root. Did not fire in -p; its answer has no fields of its own."},
	{Native: "PostToolBatch",
		Honours: hooks.FieldContext | user,
		Notes: "Claude only, after each batch of tool calls; measured: additionalContext becomes its own " +
			"system message for the model."},
}
