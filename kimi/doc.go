// Package kimi is the hooks.Adapter for Kimi Code (npm
// @moonshot-ai/kimi-code, measured against 2.1.0 run as kimi -p with an
// OpenAI-compatible model; what was read in the shipped bundle and not
// run says so in the capability notes).
//
// Kimi's payloads look like Claude Code's: hook_event_name, session_id,
// cwd, then the event's own fields, with two differences a policy meets:
// the tool call's id is tool_call_id, and UserPromptSubmit's prompt is an
// array of content parts, whose text parts UserPromptSubmitEvent.Prompt
// joins with newlines. There is no transcript_path. Every payload carries
// client_type "kimi_code_cli", which no other host sends: it is all
// Detect looks at.
//
// Tools: Bash (shell; cwd, timeout and description are read), Write
// (write; path, content, mode), Edit (edit; path, old_string, new_string,
// replace_all), Read (read; path), Agent and the rest (hooks.RawInput),
// mcp__<server>__<tool> (MCP). Files are "path", not Claude's "file_path".
//
// Events: the sixteen a [[hooks]] table of config.toml accepts
// (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest,
// PermissionResult, UserPromptSubmit, Stop, StopFailure, Interrupt,
// SessionStart, SessionEnd, SubagentStart, SubagentStop, PreCompact,
// PostCompact, Notification) and four more its runner names
// (UserPromptQueued, TurnStarted, SessionHeartbeat, TaskStarted). The
// host-only ones parse as known *hooks.OtherEvent values.
//
// What Kimi reads of an answer is small, and the adapter claims no more:
//
//   - A block: exit code 2 with the reason on stderr, or, on exit code 0,
//     hookSpecificOutput.permissionDecision "deny" with
//     permissionDecisionReason. It keeps a tool from running
//     (PreToolUse), drops a prompt (UserPromptSubmit) or sends the agent
//     on with the reason (Stop). The top-level permissionDecision of
//     Copilot CLI's answers is ignored, so a Kimi payload answered as
//     Copilot's would let everything run: --host kimi, or detection by
//     client_type, avoids that.
//   - On UserPromptSubmit, a message (or any stdout that is not JSON)
//     joins the conversation as context. No opinion is therefore no
//     output at all.
//   - Nothing else: no allow, no ask, no updated input, no halt, no
//     context on other events (measured: a raw "ask" lets the tool run,
//     an updatedInput is ignored and the original command runs).
//     hooks.Fit turns an ask or a rewrite into a deny and drops the rest,
//     with a warning.
//   - A Stop block continues the agent once per turn; Kimi does not call
//     Stop hooks again in that turn, and stop_hook_active is always false.
//   - A hook that fails (another exit code), crashes or outlives its
//     timeout lets the action run: a fail-closed policy's deny is a
//     normal answer here, so it holds.
//
// Hooks are [[hooks]] tables (event, command, optional matcher and
// timeout) in the user's ~/.kimi-code/config.toml ($KIMI_CODE_HOME when
// set); a table with any other key makes Kimi reject it. Kimi reads no
// project file of hooks: HookFile says so, and the installer offers only
// the user scope.
//
// Payload keys are read exactly as spelled (no case folding, the last of
// two equal keys wins, as JavaScript reads them). A tool argument a policy
// needs (command, path, content) that is missing or not a string sets
// hooks.Tool.InputErr.
package kimi
