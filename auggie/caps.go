package auggie

import "github.com/agenthooks/hooks"

// capabilities is the matrix of Auggie 0.36.0, measured with auggie
// --print against a fake Augment tenant on 127.0.0.1 (the e2e suite's
// auggie column) unless the Notes say "code" (read in the shipped
// augment.mjs, not run).
var capabilities = [...]hooks.Capability{
	{Native: EventPreToolUse, Event: hooks.PreToolUse,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldUpdatedInput,
		Notes: "measured: hookSpecificOutput.permissionDecision deny keeps the tool from running and the model reads " +
			"\"<reason>\\n\\nPreToolUse:<tool> hook returned blocking error\" as the tool's error; updatedInput replaces " +
			"the whole input and the tool runs with it. NOT claimed: allow (code: nothing reads it, the call goes on " +
			"as with no answer), ask (code: the tool runs; hooks.Fit applies AskFallback), context (code: it reaches " +
			"the model only with a deny), halt (continue:false blocks the one call, the run goes on)."},
	{Native: EventPostToolUse, Event: hooks.PostToolUse,
		Honours: hooks.FieldContext,
		Notes: "measured: additionalContext is appended to the tool's result after \"[Hook Context]\", which the " +
			"model reads. decision:block only appends its reason the same way (code): the tool already ran."},
	{Native: EventPromptSubmit, Event: hooks.UserPromptSubmit,
		Notes: "measured to fire (user_prompt); code: Auggie does not wait for the hook's answer, so nothing it " +
			"answers has an effect: a prompt cannot be blocked."},
	{Native: EventSessionStart, Event: hooks.SessionStart,
		Notes: "measured to fire; code: its answer is not read back into the session (additionalContext reaches " +
			"nobody)."},
	{Native: EventStop, Event: hooks.Stop,
		Notes: "measured to fire (agent_stop_cause, and the last exchange under _exchange); code: the answer is " +
			"discarded, so decision:block cannot keep the agent going."},
	{Native: EventSessionEnd, Event: hooks.SessionEnd,
		Notes: "measured to fire; the session is over, nothing a hook answers has an effect."},
	{Native: EventNotification, Event: hooks.Notification,
		Notes: "code: notification_type and notification_message; not seen headless; nothing claimed."},
}
