// Package droid is the hooks.Adapter for Factory Droid (measured against
// the droid 0.225.2 binary run as droid exec with a custom model; where
// Factory's documentation and the binary differ, the binary is followed).
//
// Droid's events carry Claude Code's names: PreToolUse, PostToolUse,
// UserPromptSubmit, Notification, Stop, SubagentStop, PreCompact,
// SessionStart and SessionEnd parse to their *hooks.XxxEvent. Its tools
// have names of their own, and hook matchers must use them (Bash or Write
// match nothing): Execute (shell; its summary is the description), Create
// (write), Edit (edit; old_str, new_str, change_all), Read (read),
// mcp__<server>__<tool> (MCP, from the documentation). Hooks are
// configured in .factory/hooks.json or ~/.factory/hooks.json with the event
// names at the top level (a {"hooks": …} wrapper there is not read), or
// under "hooks" in settings.json.
//
// Quirks of the real client this package handles:
//
//   - Claude's legacy top-level decision:"block" is ignored on PreToolUse
//     (the tool runs): a deny is always
//     hookSpecificOutput.permissionDecision "deny" with a reason, which the
//     model reads as "Error: <reason>".
//   - ask lets the tool run in droid exec, so ask is not claimed and
//     hooks.Fit applies Handlers.AskFallback (deny unless set otherwise).
//   - updatedInput is applied (with or without allow); it is written as
//     the complete input, so fields the unified types do not model
//     (summary, riskLevel, …) survive.
//   - continue:false on PreToolUse stops the tool and the whole run: that
//     is Halt.
//   - Exit code 3 aborts the whole agent run (exit 0, empty result): never
//     written. Exit code 2 blocks, with stderr as the reason; it is used
//     only for events outside the matrix.
//   - A Stop block runs the agent again with no cap at all; the root's loop
//     guard (hooks.Handlers.RepeatStopBlocks, on stop_hook_active) is the
//     only brake.
//   - PostToolUse's tool_response is a string, plain text or JSON text:
//     Output.Text is the string, Output.Raw the JSON it holds, if any.
//   - UserPromptSubmit does not fire in droid exec.
//   - There is no tool-call id and no timestamp in Droid's payloads.
//
// Payload keys are read exactly as spelled (no case folding, the last of
// two equal keys wins, as JavaScript reads them). A tool argument a policy
// needs (command, file_path, content) that is missing or not a string sets
// hooks.Tool.InputErr.
package droid
