// Package claude is the hooks.Adapter for Claude Code.
//
// Claude's event names are the unified names: SessionStart, SessionEnd,
// UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure,
// PermissionRequest, Stop, SubagentStart, SubagentStop, PreCompact and
// Notification parse to their *hooks.XxxEvent; PreSkillShellCommand
// ([SkillShell]) parses to a *hooks.PreToolUseEvent too (below); every
// other Claude event (PostToolBatch, UserPromptExpansion, StopFailure,
// PostCompact, TaskCreated, ConfigChange, MessageDisplay, DirectoryAdded,
// PreModelSwitch, PostModelSwitch, …) is a *hooks.OtherEvent, whose Raw
// decodes into [Input], [ModelSwitchInput] or [DirectoryAddedInput].
//
// # Skill shell lines
//
// A skill or slash command may hold `!` shell lines that Claude Code runs
// while it expands the command, before the model sees it. No PreToolUse
// fires for them on any version: a guard on PreToolUse never sees them.
// From 2.1.332 Claude Code sends PreSkillShellCommand first, with the same
// tool_name "Bash" and tool_input.command as a model's Bash call. Parse
// gives it as a *hooks.PreToolUseEvent with a Bash tool and
// hooks.PreToolUseEvent.Origin naming the command (command_name,
// command_source, invoked_by), so that a policy written for shell
// commands covers these lines with no extra code, and one that trusts
// some commands can tell them apart by Origin (nil for a model's call). A
// unified event of its own would have left every existing shell policy
// blind to them. The answer is written in PreSkillShellCommand's own form
// (hookEventName "PreSkillShellCommand"); only a deny with its reason and
// a halt have an effect there (measured on 2.1.332, see the capability
// matrix): Claude Code refuses a line whose hook asks or rewrites it, so
// Fit sends a rewrite or an ask as a deny, and an allow changes nothing. PowerShell lines (tool_name "PowerShell", Windows)
// stay a raw tool: a shell policy does not see them as shell. The
// installer registers PreSkillShellCommand wherever it registers
// PreToolUse. Clients before 2.1.332 ignore the name in settings.json
// without a word and run the file's other hooks (measured on 2.1.197: the
// end-to-end suite registers every newer event name there and its
// installer and guard rows pass), so one registration serves old and new.
// Tools: Bash is a shell (its timeout is in milliseconds), Write, Edit,
// MultiEdit and Read are file tools, mcp__<server>__<tool> is an MCP call,
// anything else (Agent, TaskCreate, …) stays raw.
//
// The answer is always exit code 0 and one JSON object; exit code 2 is
// used only to block an event the adapter does not know. Quirks handled,
// measured on Claude Code 2.1.197 and 2.1.332 unless marked otherwise:
//
//   - hookSpecificOutput.hookEventName must equal the running event, or
//     Claude ignores the whole output, a deny included. Serialize always
//     writes the native name it parsed.
//   - A PreToolUse deny with no reason still carries one ("Blocked by
//     hook"): it is what the model sees as the tool result.
//   - ask asks the user on PreToolUse only (in -p mode it acts as deny);
//     a PermissionRequest can only allow or deny.
//   - A PreToolUse deny reaches the model as the tool result: the reason
//     itself up to 2.1.280, "PreToolUse:Bash hook error: <reason>" (the
//     tool's name after the colon) from 2.1.281. Match the reason as a
//     substring, never the whole result.
//   - PermissionRequest fires when permissions are asked through the SDK
//     permission prompt; before 2.1.268 never in plain -p mode (a tool not
//     allowed is refused with no hook), from 2.1.268 there too, where an
//     allow runs the tool and a deny blocks it. Its updatedInput goes
//     with behavior allow (schema, not measured).
//   - Subagents run in the background from 2.1.198: PostToolUse of the
//     Agent tool carries its launch (status "async_launched"), not its
//     text; Stop fires while the subagent still runs, then SubagentStop,
//     then a second UserPromptSubmit whose prompt is a
//     "<task-notification>" Claude Code wrote (no user typed it), then a
//     second Stop. A prompt policy sees that text; a Stop policy sees two
//     turns ending. The Agent tool's run_in_background false keeps the
//     old order.
//   - A Stop or SubagentStop block shows the model the hook's whole
//     command line from 2.1.259 ("Stop hook blocking error from command:
//     "<command>": <reason>"): never put a secret in a hook's arguments
//     (install doctor warns about one).
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
//
// # Managed settings
//
// An administrator's managed-settings.json (/etc/claude-code on Linux,
// /Library/Application Support/ClaudeCode on macOS, C:\Program
// Files\ClaudeCode on Windows: read in the code of 2.1.197 and 2.1.332,
// which also merge the *.json drop-ins of managed-settings.d over it)
// holds hooks in the settings' form, run for every user.
// "allowManagedHooksOnly": true there runs only managed hooks. Measured on
// Linux with both versions (e2e TestManagedScope): a managed hook's deny
// holds while a project hook that allows runs beside it, and with the
// switch the project hook never runs. The facts are the adapter's
// HookFile().Managed, which install --scope managed writes.
package claude
