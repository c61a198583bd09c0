package qwen

import "github.com/agenthooks/hooks"

// capabilities is the matrix of Qwen Code 0.24.4, measured headless (-p,
// --approval-mode yolo, a fake OpenAI-compatible model) unless the Notes
// say otherwise. Nothing is claimed on events that did not fire there.
// systemMessage is never claimed: it reaches neither the model nor the
// headless output (only the debug log).
var capabilities = [...]hooks.Capability{
	{Native: EventPreToolUse, Event: hooks.PreToolUse,
		Honours: hooks.FieldDeny | hooks.FieldAsk | hooks.FieldReason,
		Notes: "measured: hookSpecificOutput.permissionDecision deny stops the tool and the model reads exactly " +
			"the reason; ask denies headless the same way (interactive ask not measured). allow is not claimed: " +
			"the hook runs after Qwen's own approval and its allow changes nothing. updatedInput is IGNORED (the " +
			"original call runs), so a rewrite is sent as a deny of the call; additionalContext and systemMessage " +
			"reach nobody; continue:false blocks only this call. Exit code 2 blocks only with text on stderr."},
	{Native: EventPostToolUse, Event: hooks.PostToolUse,
		Honours: hooks.FieldContext,
		Notes: "measured: additionalContext is appended to the tool's result; decision:block and exit code 2 " +
			"change nothing the model sees (the tool already ran)."},
	{Native: EventUserPromptSubmit, Event: hooks.UserPromptSubmit,
		Honours: hooks.FieldDeny | hooks.FieldContext,
		Notes: "measured: fires before EVERY model call, with an empty prompt on tool-result continuations. " +
			"decision:block ends the run before the model call, silently (exit 0, empty result; the reason is " +
			"shown nowhere, so Reason is not claimed); additionalContext is added to the user message."},
	{Native: EventStop, Event: hooks.Stop,
		Honours: hooks.FieldDeny | hooks.FieldReason,
		Notes: "measured: decision:block sends the reason as the next user message and runs the agent again, " +
			"up to 8 times in a row (QWEN_CODE_STOP_HOOK_BLOCK_CAP); the root's loop guard stops after one. " +
			"continue:false ALSO continues the agent here, so halt is not claimed."},
	{Native: EventSessionStart, Event: hooks.SessionStart,
		Honours: hooks.FieldContext,
		Notes:   "measured: additionalContext is appended to the system prompt."},
	{Native: EventPostToolUseFailure, Event: hooks.PostToolUseFailure,
		Notes: "measured to fire for a failing edit; no answer was measured: nothing claimed."},
	{Native: EventNotification, Event: hooks.Notification,
		Notes: "measured to fire (auth_success); nothing claimed."},
	{Native: EventPermissionRequest, Event: hooks.PermissionRequest,
		Notes: "does not fire headless (Qwen declines before its dialog stage): nothing claimed."},
	{Native: EventSessionEnd, Event: hooks.SessionEnd,
		Notes: "does not fire headless; nothing a hook answers would have an effect."},
	{Native: EventSubagentStart, Event: hooks.SubagentStart,
		Notes: "measured (e2e subagent row, an agent call in the foreground and one in the background): fires, " +
			"but hookSpecificOutput.additionalContext reached none of the model requests in either mode: nothing " +
			"claimed."},
	{Native: EventSubagentStop, Event: hooks.SubagentStop,
		Honours: hooks.FieldDeny | hooks.FieldReason,
		Notes: "measured (e2e subagent row) for an agent call in the foreground (run_in_background:false) and in " +
			"the background (Qwen's default for a top-level agent call): decision:block sends the reason to the " +
			"subagent, which runs once more; the next SubagentStop has stop_hook_active, where the root's loop guard " +
			"lets it end. In the foreground the parent's agent call returns the subagent's final text; in the " +
			"background the call returns at once, the parent's turn ends, and the final text reaches the parent " +
			"later as a <task-notification> message. The payload names no mode (only agent_transcript_path differs)."},
	{Native: EventPreCompact, Event: hooks.PreCompact, Notes: "not measured: nothing claimed."},
	{Native: EventPostToolBatch, Notes: "Qwen/Claude only, after each tool call here; nothing measured."},
	{Native: EventMessageDisplay, Notes: "runs detached (bundle: a Node supervisor that outlives the client, the " +
		"payload in a file as stdin, stdout and stderr the null device, only the exit code read, any other than 0 " +
		"logged as failed); nothing a hook answers has an effect."},
	{Native: EventInstructionsLoaded, Notes: "measured to fire at session start; nothing claimed."},
	{Native: EventUserPromptExpand, Notes: "not measured: nothing claimed."},
	{Native: EventPostCompact, Notes: "not measured: nothing claimed."},
	{Native: EventSessionDelete, Notes: "runs detached; nothing claimed."},
	{Native: EventPermissionDenied, Notes: "does not fire headless: nothing claimed."},
	{Native: EventStopFailure, Notes: "runs detached; nothing claimed."},
	{Native: EventTodoCreated, Notes: "not measured: nothing claimed."},
	{Native: EventTodoCompleted, Notes: "not measured: nothing claimed."},
}
