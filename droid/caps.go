package droid

import "github.com/agenthooks/hooks"

// capabilities is the matrix of Factory Droid 0.225.2, measured with droid
// exec (a custom model on a fake OpenAI-compatible server) unless the
// Notes say "binary" (read in the shipped code, not run). Droid shows no
// systemMessage headless: UserMessage and SystemMessage are claimed
// nowhere.
var capabilities = [...]hooks.Capability{
	{Native: EventPreToolUse, Event: hooks.PreToolUse,
		Honours: hooks.FieldAllow | hooks.FieldDeny | hooks.FieldReason | hooks.FieldUpdatedInput | hooks.FieldHalt,
		Notes: "measured: hookSpecificOutput.permissionDecision deny stops the tool and the model reads " +
			"\"Error: <reason>\"; updatedInput is applied, with or without allow (the complete input is written); " +
			"continue:false stops the tool and the whole run (halt). allow skips Droid's permission check (binary). " +
			"NOT claimed: ask, which lets the tool run in droid exec (hooks.Fit applies AskFallback, deny by " +
			"default), and additionalContext, which reaches nobody. Top-level decision:block is ignored here."},
	{Native: EventPostToolUse, Event: hooks.PostToolUse,
		Honours: hooks.FieldContext,
		Notes:   "measured: additionalContext becomes a user message after the tool's result."},
	{Native: EventStop, Event: hooks.Stop,
		Honours: hooks.FieldDeny | hooks.FieldReason,
		Notes: "measured: decision:block sends the reason as a user message and runs the agent again, with NO " +
			"cap in Droid (70 rounds in 30 s): the root's loop guard (stop_hook_active) is the only brake."},
	{Native: EventSessionStart, Event: hooks.SessionStart,
		Honours: hooks.FieldContext,
		Notes:   "measured: additionalContext becomes its own user message before the prompt."},
	{Native: EventUserPromptSubmit, Event: hooks.UserPromptSubmit,
		Notes: "never fired in droid exec (interactive only): nothing claimed."},
	{Native: EventSessionEnd, Event: hooks.SessionEnd,
		Notes: "measured to fire; the session is over, nothing a hook answers has an effect."},
	{Native: EventNotification, Event: hooks.Notification, Notes: "not measured: nothing claimed."},
	{Native: EventSubagentStop, Event: hooks.SubagentStop, Notes: "not measured: nothing claimed."},
	{Native: EventPreCompact, Event: hooks.PreCompact, Notes: "not measured: nothing claimed."},
}
