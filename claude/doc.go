// Package claude is the hooks.Adapter for Claude Code.
//
// Claude's event names are the unified names: SessionStart, SessionEnd,
// UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure,
// PermissionRequest, Stop, SubagentStart, SubagentStop, PreCompact and
// Notification parse to their *hooks.XxxEvent; every other Claude event
// (PostToolBatch, UserPromptExpansion, StopFailure, PostCompact,
// TaskCreated, ConfigChange, MessageDisplay, …) is a *hooks.OtherEvent.
// Tools: Bash is a shell (its timeout is in milliseconds), Write, Edit,
// MultiEdit and Read are file tools, mcp__<server>__<tool> is an MCP call,
// anything else (Agent, TaskCreate, …) stays raw.
//
// The answer is always exit code 0 and one JSON object; exit code 2 is
// used only to block an event the adapter does not know. Quirks handled,
// measured on Claude Code 2.1.197 unless marked otherwise:
//
//   - hookSpecificOutput.hookEventName must equal the running event, or
//     Claude ignores the whole output, a deny included. Serialize always
//     writes the native name it parsed.
//   - A PreToolUse deny with no reason still carries one ("Blocked by
//     hook"): it is what the model sees as the tool result.
//   - ask asks the user on PreToolUse only (in -p mode it acts as deny);
//     a PermissionRequest can only allow or deny.
//   - PermissionRequest fires only when permissions are asked through the
//     SDK permission prompt, never in plain -p mode. Its updatedInput goes
//     with behavior allow (schema, not measured).
//   - continue:false (Halt) on PreToolUse does not stop that tool; the
//     agent stops after it. On UserPromptSubmit, PostToolUse and Stop it
//     stops the agent at once.
//   - On Stop and SubagentStop, additionalContext continues the agent like
//     a block does, which no other host does: Context is not claimed there
//     and is dropped with a warning.
//   - Claude caps consecutive Stop blocks at 8 (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP).
//   - systemMessage and stopReason are shown to the user, never to the
//     model; UserMessage is written as systemMessage (after SystemMessage,
//     on a new line).
//   - An updated input is the whole native input: the original tool_input
//     with the unified fields written over it, so fields the unified types
//     do not model survive.
//   - Notification never fired in the measured runs (interactive mode
//     only): nothing is claimed on it. SessionEnd answers have no effect.
//
// Reading the payload (see SECURITY.md, "What the model controls"):
// Claude Code parses the model's tool call with JSON.parse and checks it
// against the tool's schema, which refuses an unknown key ("Command",
// "DESCRIPTION") or a wrong type before any hook runs (measured on
// 2.1.197). The adapter reads every key as JSON.parse does: unescaped,
// exactly (never case-folded), the last of duplicate keys winning. A
// side field of the wrong type is read as empty; a Bash command or a file
// tool's file_path that is missing or not a string sets
// hooks.Tool.InputErr, and the event still reaches the handler.
//
// The default hook timeout is taken as 60 s (documented; newer releases
// document 600 s for command hooks, so 60 s is the safe side).
package claude
