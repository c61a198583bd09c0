package pi

import "github.com/agenthooks/hooks"

// capabilities is the matrix of Pi 0.73.1 through this module's
// extension, measured with pi -p against a fake OpenAI-compatible model
// on 127.0.0.1 unless the Notes say otherwise.
var capabilities = [...]hooks.Capability{
	{Native: EventToolCall, Event: hooks.PreToolUse,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldUpdatedInput,
		Notes: "measured (e2e guard rows deny, deny-write, rewrite; fail-closed, fail-open): the extension returns {block: true, reason}, the tool " +
			"does not run and the model reads the reason as the tool's error; input replaces the call's input in " +
			"place and the tool runs with it (Pi validates it no more). allow is not claimed: an extension cannot " +
			"approve a call (Pi has no permission rules of its own to pass); ask has no headless counterpart " +
			"(hooks.Fit applies AskFallback). A handler that throws blocks the call (Pi: \"Extension failed, " +
			"blocking execution\")."},
	{Native: EventToolResult, Event: hooks.PostToolUse,
		Honours: hooks.FieldContext,
		Notes:   "measured (e2e ctx-post row): context is appended to the tool's result as a text part, which the model reads."},
	{Native: EventSessionStart, Event: hooks.SessionStart,
		Notes: "an event the extension forwards; nothing the hook answers has an effect."},
	{Native: EventAgentEnd, Event: hooks.Stop,
		Notes: "the agent ended its turn; an event the extension forwards, nothing the hook answers has an effect."},
}
