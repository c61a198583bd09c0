// Package auggie is the hooks.Adapter for Auggie, Augment Code's CLI
// agent (npm @augmentcode/auggie 0.36.0), measured with auggie --print
// against a fake Augment tenant on 127.0.0.1 (the e2e suite's auggie
// column) and read in its shipped augment.mjs where a run cannot show it.
//
// Auggie's hooks look like Claude Code's and are not: its events are
// PreToolUse, PostToolUse, Stop, SessionStart, SessionEnd, Notification
// and PromptSubmit (not UserPromptSubmit), which parse to their
// *hooks.XxxEvent (PromptSubmit to *hooks.UserPromptSubmitEvent). A
// payload carries conversation_id (SessionID) and workspace_roots (Cwd is
// the first: Auggie runs its hooks there and resolves relative paths
// against it), no session_id, cwd or transcript_path; tool events add
// tool_name, tool_input, tool_output (the string "[undefined]" on
// PreToolUse), tool_error and is_mcp_tool. Its tools, which matchers must
// name: launch-process (shell; its cwd is ShellInput.Cwd), save-file
// (write), str-replace-editor (edit: every entry of str_replace_entries and
// insert_line_entries), view (read), remove-files (a *hooks.PatchInput of
// deletes, one per path), apply_patch (a *hooks.PatchInput in Codex's
// grammar), write-process (text typed into a process launch-process left
// running: typed as a *hooks.ShellInput, since that process is most
// often a shell the model started, so a policy that judges commands
// judges what it types too), MCP tools (is_mcp_tool) as *hooks.MCPInput;
// anything else stays raw.
//
// Quirks of the real client this package handles, or that a user must
// know (see [Adapter.HookFile] for the settings files):
//
//   - Every failure fails OPEN: a hook that cannot start, times out, exits
//     with a code other than 0 or 2, or prints an answer Auggie's schema
//     rejects lets the call run. No setting makes it fail closed.
//   - Timeouts are in milliseconds. An entry with Claude Code's "timeout":
//     30 kills the hook after 30 ms, and the call runs: this is why a deny
//     seemed to have no effect in the first trial of this port.
//   - The hook must answer within Auggie's schema: one JSON object whose
//     members have their types (no null), and whose
//     hookSpecificOutput.hookEventName is one of PreToolUse, PostToolUse,
//     Stop, SessionStart, SessionEnd or Notification; anything else and the
//     whole answer is ignored. Serialize writes only such answers.
//   - A deny is hookSpecificOutput.permissionDecision "deny" with a reason;
//     the model reads "<reason>\n\nPreToolUse:<tool> hook returned
//     blocking error". allow and ask are read by nothing (the call runs):
//     ask is not claimed, and hooks.Fit applies Handlers.AskFallback.
//   - updatedInput replaces the tool's whole input: Serialize writes the
//     complete input, the original's other members kept.
//   - PostToolUse's additionalContext is appended to the tool's result.
//   - Auggie does not wait for PromptSubmit's answer, and discards the
//     answers to SessionStart, Stop, SessionEnd and Notification: a prompt
//     cannot be blocked and a stop cannot be refused.
//   - Hooks run only when the Augment tenant enables them (feature flag
//     enable_hooks); a hook inherits Auggie's whole environment,
//     AUGMENT_SESSION_AUTH (the user's session token) included when set.
//
// [Adapter.ReadAnswer] is the one reader of how Auggie takes an answer.
// The payloads of the measured run are in the module's
// testdata/captures/auggie.
package auggie
