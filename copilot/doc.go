// Package copilot is the hooks.Adapter for GitHub Copilot CLI (measured
// against @github/copilot 1.0.102 run headless with a BYOK model; where
// GitHub's hook reference and the binary differ, the binary is followed).
//
// Copilot has two registration forms, chosen by how the event name is
// spelled in its hooks configuration, and each gets its own payloads:
//
//   - camelCase names (sessionStart, userPromptSubmitted,
//     userPromptTransformed, preToolUse, permissionRequest, postToolUse,
//     postToolUseFailure, agentStop, subagentStart, subagentStop,
//     preCompact, errorOccurred, notification, sessionEnd): camelCase
//     payloads (sessionId, toolName, toolArgs, epoch-millisecond timestamp)
//     that do NOT say which event they are. Register the hook as
//     "BIN --host copilot --event preToolUse" and build the adapter with
//     ForEvent(name); without it, New infers the event from the payload's
//     fields, which works for every payload Copilot 1.0.102 sends but may
//     not for a newer one.
//   - PascalCase names (SessionStart, UserPromptSubmit, PreToolUse,
//     PermissionRequest, PostToolUse, PostToolUseFailure, Stop,
//     SubagentStart, SubagentStop, PreCompact, ErrorOccurred,
//     Notification, SessionEnd): Claude-style snake_case payloads with
//     hook_event_name and Claude's tool names (Bash, Write, Edit, Read,
//     Agent) but Copilot's argument names: a Write has path and file_text,
//     not file_path and content, so a Claude guard reading file_path would
//     miss every write. PermissionRequest, Notification and SubagentStart
//     still get camelCase (or mixed) payloads.
//
// Both forms map to the same unified events: agentStop and Stop to Stop,
// userPromptSubmitted to UserPromptSubmit, the others to their namesakes;
// userPromptTransformed and errorOccurred are *hooks.OtherEvent. Tools:
// bash/Bash (shell), create/Write (write), edit/Edit (edit), view/Read
// (read); a permissionRequest's edit, whose input is {file_path, diff} for
// both a create and an edit, is a one-file patch. MCP tools are not typed
// (no capture shows how Copilot names them); they are hooks.RawInput.
//
// Quirks of the real client this package handles:
//
//   - Answers are flat fields (permissionDecision, behavior, decision,
//     additionalContext). A camelCase registration ignores Claude's
//     hookSpecificOutput, so the tool would run: it is written only for a
//     rewrite on a PascalCase PreToolUse, the one form measured there.
//   - Exit code 2 blocks a tool, but the model then reads only "hook exited
//     with code 2": every answer is JSON with exit code 0, and a deny always
//     carries a reason. Exit code 2 is kept for events outside the matrix.
//   - Non-JSON output, a second line, a timeout, "Deny" or decision:block
//     on preToolUse are all ignored by Copilot (the tool runs): Serialize
//     writes one compact JSON line and nothing else.
//   - ask denies in -p mode ("unable to ask user for confirmation").
//   - modifiedArgs replaces the arguments whole: a rewrite is written as
//     the complete arguments (the original with the typed fields changed).
//   - permissionRequest fires even under --allow-all-tools and answers
//     with {behavior, message}; Claude's hookSpecificOutput.decision is
//     ignored there.
//   - agentStop's decision:block re-runs the agent up to 8 times; the
//     root's loop guard (hooks.Handlers.RepeatStopBlocks) stops after one.
//   - allow is not "no opinion": it skips Copilot's own permission step for
//     shell commands. No opinion is no output at all.
//   - Repository hooks (.github/hooks) load in -p mode only in a trusted
//     folder (--trust-folder, or COPILOT_ALLOW_ALL=true); user hooks under
//     $COPILOT_HOME/hooks always load.
//
// Payload keys are read exactly as spelled (no case folding, the last of
// two equal keys wins, as JavaScript reads them). A tool argument a policy
// needs (command, path, file_text, diff) that is missing or not a string
// sets hooks.Tool.InputErr, and so do two argument objects in one payload.
package copilot
