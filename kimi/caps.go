package kimi

import "github.com/agenthooks/hooks"

// capabilities is the matrix of Kimi Code 2.1.0. "measured" means a run
// of the real client (kimi -p, a fake OpenAI-compatible model on
// 127.0.0.1) showed the effect; "bundle" means read in the client's
// shipped code and not run. Kimi reads a block (exit code 2 with the
// reason on stderr, or hookSpecificOutput.permissionDecision "deny") and,
// on UserPromptSubmit, a message; nothing else. It has no allow, no ask,
// no updated input, no halt and no context outside UserPromptSubmit:
// hooks.Fit sends an ask or a rewrite as a deny and drops the rest, with
// a warning.
var capabilities = [...]hooks.Capability{
	{Native: EventPreToolUse, Event: hooks.PreToolUse,
		Honours: hooks.FieldDeny | hooks.FieldReason,
		Notes: "measured (e2e deny, deny-write, guard rows, fail-closed): hookSpecificOutput.permissionDecision " +
			"deny, and exit 2 with the reason on stderr, keep the tool from running and the model reads the reason " +
			"after \"Tool execution failed\"; a top-level permissionDecision deny is ignored (measured: the command " +
			"runs). NOT claimed, measured with a raw hook: permissionDecision ask lets the tool run, updatedInput " +
			"(with allow) is ignored and the original command runs, additionalContext reaches no model request; " +
			"hooks.Fit sends an ask or a rewrite as a deny (the e2e rewrite row measures that deny). allow is " +
			"not read (bundle; kimi -p asks about nothing anyway)."},
	{Native: EventUserPromptSubmit, Event: hooks.UserPromptSubmit,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldContext,
		Notes: "measured (e2e prompt-deny, ctx-prompt): a deny drops the prompt before any model call (kimi -p " +
			"prints the reason and exits 1); message is added as a user message after the prompt, wrapped in " +
			"<hook_result>, and every model request of the turn carries it. bundle: plain stdout is taken as that " +
			"message too, so no opinion writes nothing; with a deny the one text shown is the message, else the " +
			"reason, so context cannot travel with a deny (only the reason is written)."},
	{Native: EventStop, Event: hooks.Stop,
		Honours: hooks.FieldDeny | hooks.FieldReason,
		Notes: "measured (e2e stop-once, stop-guard): a deny sends the reason as a user message and runs the " +
			"agent again. Kimi itself allows one such continuation per turn and does not call Stop hooks again " +
			"in that turn (stop_hook_active is always false), so the root's loop guard never has to act."},
	{Native: EventSessionStart, Event: hooks.SessionStart,
		Notes: "measured with a raw hook: neither message nor additionalContext reaches any model request; " +
			"bundle: the answer is ignored."},
	{Native: EventSessionEnd, Event: hooks.SessionEnd,
		Notes: "bundle: the answer is ignored; the session is over."},
	{Native: EventPostToolUse, Event: hooks.PostToolUse,
		Notes: "measured with a raw hook: neither message nor additionalContext reaches any model request; " +
			"bundle: fired without waiting for the answer, which is ignored."},
	{Native: EventPostToolUseFailure, Event: hooks.PostToolUseFailure,
		Notes: "bundle: fired without waiting for the answer, which is ignored."},
	{Native: EventPermissionRequest, Event: hooks.PermissionRequest,
		Notes: "bundle: fired without waiting when Kimi asks the user about a tool; the answer is ignored."},
	{Native: EventSubagentStart, Event: hooks.SubagentStart,
		Notes: "bundle: awaited, but the answer is ignored."},
	{Native: EventSubagentStop, Event: hooks.SubagentStop,
		Notes: "bundle: fired without waiting for the answer, which is ignored."},
	{Native: EventPreCompact, Event: hooks.PreCompact,
		Notes: "bundle: awaited, but the answer is ignored."},
	{Native: EventNotification, Event: hooks.Notification,
		Notes: "bundle: fired without waiting for the answer, which is ignored."},
	{Native: EventPermissionResult, Notes: "host-only (*hooks.OtherEvent): after the user answered a permission request; ignored."},
	{Native: EventPostCompact, Notes: "host-only: after a compaction; ignored."},
	{Native: EventStopFailure, Notes: "host-only: a turn failed; ignored."},
	{Native: EventInterrupt, Notes: "host-only: a turn was cancelled; ignored."},
	{Native: EventUserPromptQueued, Notes: "host-only, runner only (not accepted in config.toml by the 2.1.0 schema): a prompt was queued; ignored."},
	{Native: EventTurnStarted, Notes: "host-only, runner only: a turn started; ignored."},
	{Native: EventSessionHeartbeat, Notes: "host-only, runner only: every minute of a session; ignored."},
	{Native: EventTaskStarted, Notes: "host-only, runner only: a background task started; ignored."},
}
