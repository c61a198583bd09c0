package opencode

import "github.com/agenthooks/hooks"

// capabilities is the matrix of OpenCode through this module's plugin,
// measured on 1.18.33 and again on 1.18.34 (the pinned client) with
// opencode run against a fake OpenAI-compatible model (the e2e suite)
// unless the Notes say otherwise.
var capabilities = [...]hooks.Capability{
	{Native: EventToolBefore, Event: hooks.PreToolUse,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldUpdatedInput,
		Notes: "measured (e2e guard, fail-closed, fail-open rows): the plugin throws the reason, the tool does not " +
			"run and the model reads the reason as the tool's error (a bash call and a write); args replace the " +
			"call's arguments in place and the tool runs with them. allow is not claimed: the plugin has no way " +
			"to approve a call past OpenCode's own permission rules; ask has no headless counterpart (hooks.Fit " +
			"applies AskFallback). A block (throw) on tool.execute.after is not measured: not claimed."},
	{Native: EventToolAfter, Event: hooks.PostToolUse,
		Honours: hooks.FieldContext,
		Notes:   "measured (e2e ctx-post row): context is appended to the tool's output, which the model reads."},
	{Native: EventSessionCreated, Event: hooks.SessionStart,
		Notes: "an event the plugin forwards; nothing the hook answers has an effect."},
	{Native: EventSessionIdle, Event: hooks.Stop,
		Notes: "the agent ended its turn; an event the plugin forwards, nothing the hook answers has an effect."},
}
