package copilot

import "github.com/agenthooks/hooks"

const denies = hooks.FieldDeny | hooks.FieldReason

// capabilities is the matrix of Copilot CLI 1.0.102, one row per
// registration name: first the camelCase (native) form, then the
// PascalCase one. "measured" means a headless run of the real client (copilot
// -p, BYOK fake model) showed the effect; "docs" that only GitHub's hook
// reference says so, which is never enough to claim a field. Copilot has no
// systemMessage: UserMessage and SystemMessage are claimed nowhere.
var capabilities = [...]hooks.Capability{
	{Native: EventPreToolUse, Event: hooks.PreToolUse,
		Honours: hooks.FieldAllow | denies | hooks.FieldAsk | hooks.FieldUpdatedInput,
		Notes: "measured: flat permissionDecision deny stops the tool and the model reads \"Denied by preToolUse " +
			"hook: <reason>\"; hookSpecificOutput is IGNORED on this registration form (the tool runs), so it is " +
			"never written; allow also skips Copilot's own permission step for shell commands; ask denies in -p " +
			"(\"unable to ask user for confirmation\") and asks interactively (docs); modifiedArgs replaces the " +
			"arguments whole, so the complete arguments are written. Exit code 2 blocks but the model loses the " +
			"reason, so answers are JSON with exit code 0. additionalContext and halt were not measured here."},
	{Native: EventPermissionRequest, Event: hooks.PermissionRequest,
		Honours: hooks.FieldAllow | denies | hooks.FieldHalt,
		Notes: "measured: fires after preToolUse for bash, create and edit, even with --allow-all-tools; " +
			"{behavior:deny, message} blocks and the model reads the message, {behavior:allow} runs the tool " +
			"without a prompt, deny with interrupt:true also ends the agent at once (halt). Claude's " +
			"hookSpecificOutput.decision form is ignored. Its tool input is not the tool's arguments: bash shows " +
			"{command}, create and edit show tool edit with {file_path, diff}."},
	{Native: EventPostToolUse, Event: hooks.PostToolUse,
		Honours: denies | hooks.FieldContext | hooks.FieldUpdatedOutput,
		Notes: "measured: the tool already ran; decision:block + reason replaces its result for the model with " +
			"\"Tool result blocked: <reason>\"; additionalContext is appended to the result. UpdatedOutput is sent " +
			"as that block, its text the reason (the model reads it after the prefix; measured, e2e " +
			"guard-secrets). Copilot CLI 1.0.102 itself masks a GitHub token (ghp_…) in shell output as " +
			"\"******\" (measured, control run), not a GitLab token nor an AWS secret key line."},
	{Native: EventPostToolUseFailure, Event: hooks.PostToolUseFailure,
		Honours: hooks.FieldContext,
		Notes:   "measured: additionalContext becomes a user message after the tool's error."},
	{Native: EventUserPromptSubmitted, Event: hooks.UserPromptSubmit,
		Honours: denies | hooks.FieldContext,
		Notes: "measured: decision:block stops the prompt before any model call (copilot -p then exits 1, the " +
			"reason shown to the user as a warning); additionalContext is appended to the prompt in a " +
			"system_reminder. Also fires for a subagent's prompt."},
	{Native: EventSessionStart, Event: hooks.SessionStart,
		Honours: hooks.FieldContext,
		Notes:   "measured: additionalContext becomes a user message before the prompt."},
	{Native: EventAgentStop, Event: hooks.Stop,
		Honours: denies,
		Notes: "measured: decision:block sends the reason as a new user message and the agent runs again; Copilot " +
			"stops after 8 blocks in a row, the root's loop guard after one (stop_hook_active). Also fires when a " +
			"subagent ends. Exit code 2 does not continue the agent."},
	{Native: EventSubagentStop, Event: hooks.SubagentStop,
		Honours: denies,
		Notes: "measured (e2e subagent row, a task call): decision:block sends the reason to the subagent, which " +
			"runs once more; the next subagentStop has stop_hook_active, where the root's loop guard lets it end and " +
			"the parent gets the subagent's final text. modifiedResponse (docs) is not claimed."},
	{Native: EventSubagentStart, Event: hooks.SubagentStart,
		Honours: hooks.FieldContext,
		Notes: "measured (e2e subagent row, a task call): additionalContext reaches the subagent's first model " +
			"request, never the parent's. The PascalCase registration sends this same payload, with no event name."},
	{Native: EventPreCompact, Event: hooks.PreCompact,
		Notes: "measured to fire (trigger auto); it reads no output."},
	{Native: EventNotification, Event: hooks.Notification,
		Notes: "measured to fire (shell_completed); additionalContext is docs only: nothing claimed."},
	{Native: EventSessionEnd, Event: hooks.SessionEnd,
		Notes: "the session is over: nothing a hook answers has an effect."},
	{Native: EventUserPromptTransformed,
		Notes: "Copilot only, after the prompt got its date prefix; its modifiedTransformedPrompt (measured) has " +
			"no unified field; nothing claimed."},
	{Native: EventErrorOccurred,
		Notes: "Copilot only (a failed model call); it reads no output."},

	{Native: "PreToolUse", Event: hooks.PreToolUse,
		Honours: hooks.FieldAllow | denies | hooks.FieldAsk | hooks.FieldUpdatedInput,
		Notes: "measured: as preToolUse. The flat permissionDecision works here too and is what is written; " +
			"decision:block is ignored. A rewrite is written as hookSpecificOutput {permissionDecision allow, " +
			"updatedInput} with the complete arguments, the form measured on this registration."},
	{Native: "PermissionRequest", Event: hooks.PermissionRequest,
		Honours: hooks.FieldAllow | denies | hooks.FieldHalt,
		Notes: "measured: the payload and the answer are permissionRequest's ({behavior, message} deny measured " +
			"on this form; allow and interrupt measured on the camelCase form, same reader)."},
	{Native: "PostToolUse", Event: hooks.PostToolUse,
		Honours: denies | hooks.FieldContext | hooks.FieldUpdatedOutput,
		Notes: "measured: flat decision:block and flat additionalContext as on postToolUse (UpdatedOutput sent as " +
			"that block); hookSpecificOutput.additionalContext is ignored."},
	{Native: "PostToolUseFailure", Event: hooks.PostToolUseFailure,
		Honours: hooks.FieldContext,
		Notes: "flat additionalContext measured on postToolUseFailure; every flat field tried on both forms " +
			"behaved the same."},
	{Native: "UserPromptSubmit", Event: hooks.UserPromptSubmit,
		Honours: denies | hooks.FieldContext,
		Notes: "measured: flat decision:block and flat additionalContext; hookSpecificOutput.additionalContext " +
			"is ignored."},
	{Native: "SessionStart", Event: hooks.SessionStart,
		Honours: hooks.FieldContext,
		Notes:   "measured: flat additionalContext; hookSpecificOutput.additionalContext is ignored."},
	{Native: "Stop", Event: hooks.Stop,
		Honours: denies,
		Notes:   "measured: decision:block continues the agent, as agentStop (cap 8)."},
	{Native: "SubagentStop", Event: hooks.SubagentStop,
		Honours: denies,
		Notes:   "measured: flat decision:block continues the subagent once, as subagentStop."},
	{Native: "SubagentStart", Event: hooks.SubagentStart,
		Honours: hooks.FieldContext,
		Notes: "measured: flat additionalContext reaches the subagent; its payload is the camelCase one with " +
			"snake_case agent fields and no event name, so it parses as subagentStart."},
	{Native: "PreCompact", Event: hooks.PreCompact, Notes: "measured to fire; it reads no output."},
	{Native: "Notification", Event: hooks.Notification, Notes: "measured to fire; nothing claimed."},
	{Native: "SessionEnd", Event: hooks.SessionEnd, Notes: "the session is over: nothing a hook answers has an effect."},
	{Native: "ErrorOccurred", Notes: "Copilot only (a failed model call); it reads no output."},
}

// inMatrix reports whether native has a row in the capability matrix.
func inMatrix(native string) bool {
	for i := range capabilities {
		if capabilities[i].Native == native {
			return true
		}
	}
	return false
}
