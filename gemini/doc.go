// Package gemini is the hooks.Adapter for Gemini CLI (measured against
// @google/gemini-cli 0.61.0, where its documentation and behaviour differ).
//
// Events map as BeforeTool -> PreToolUse, AfterTool -> PostToolUse,
// BeforeAgent -> UserPromptSubmit, AfterAgent -> Stop, PreCompress ->
// PreCompact, and SessionStart, SessionEnd, Notification to themselves;
// the model-level events BeforeModel -> PreModel, AfterModel -> PostModel,
// BeforeToolSelection -> PreToolSelection (Gemini is the only host with
// them today).
// Tools: run_shell_command (shell), write_file (write), replace (edit),
// read_file (read), mcp_<server>_<tool> (MCP); the others are
// hooks.RawInput. Gemini sends no tool-call id.
//
// Quirks of the real client this package handles:
//
//   - Rewrites replace, they do not merge. A BeforeTool
//     hookSpecificOutput.tool_input becomes the tool's whole argument
//     object (the docs say "merged"): an omitted key is gone, an omitted
//     required one fails validation and the tool does not run. Serialize
//     therefore writes the original input with the rewritten fields
//     changed, so that fields the unified types do not model (a shell's
//     description and dir_path, a replace's instruction, …) survive.
//   - Stdout must be exactly one JSON document. Gemini parses the whole of
//     stdout; one extra line makes it plain text, which at exit code 0
//     means "allow" (a deny followed by a log line lets the tool run).
//     Serialize writes one compact line and nothing else.
//   - Exit codes: 0 and 1 never block (1 is a warning); every other code
//     (2, 3, 127 from a missing hook binary, …) blocks with stdout or
//     stderr as the reason; but valid JSON on stdout wins over any exit
//     code. Serialize answers with JSON and exit code 0, and uses exit
//     code 2 only for an event it does not know.
//   - allow never bypasses Gemini's policy or confirmation, so it is not
//     claimed (same as no opinion); ask is not claimed either, because a
//     hook-forced confirmation never completes headless (the CLI hangs or
//     exits silently): hooks.Fit sends it as a deny.
//   - An AfterTool deny replaces the tool's result (after the tool ran)
//     with {"error": reason}.
//   - An AfterAgent deny sends the reason to the model as a new prompt and
//     runs the agent again, with no retry cap in Gemini: stop_hook_active
//     is only informative. The root's loop guard (see
//     hooks.Handlers.RepeatStopBlocks) drops a second deny.
//   - PreCompress fires before every model call (trigger "auto"), whether
//     or not anything is compressed: a PreCompact handler runs that often.
//   - systemMessage is printed to the user (stderr headless) on every
//     event, so UserMessage and SystemMessage are written there.
//   - With an empty stdout Gemini parses the hook's stderr as its answer,
//     so no opinion is written as "{}", never as nothing: warnings, or
//     JSON a handler printed by mistake, can never become the decision.
//   - The model-level events show a text-only "hook view": llm_request is
//     {model, messages:[{role, content}], config} with the turns that hold
//     no text (tool calls, tool results) left out, llm_response is one
//     streamed chunk with its function calls left out. AfterModel fires
//     per chunk. A request override is merged into the real request by
//     Gemini: message texts replace the text turns in order (their other
//     parts kept; a turn cannot be removed); a config it is given sets
//     every sampling setting, so Serialize writes it whole. A synthetic
//     response on BeforeModel is read only with a deny (the reason is shown
//     as "Agent execution blocked: <reason>"); a replacement chunk on
//     AfterModel only when its first candidate has a part. A replacement
//     changes what the user is shown: Gemini's own history, and its
//     session file under ~/.gemini/tmp, keep the original chunk (measured
//     in the e2e model-redact run). A toolConfig is passed to the model's
//     API as functionCallingConfig (mode AUTO, ANY or NONE): the tools stay
//     declared, the API enforces it; with several hooks Gemini takes the
//     union of their allowed names and the strictest mode.
//   - The transcript is a .jsonl file under ~/.gemini/tmp/, and every
//     payload carries an ISO-8601 timestamp: Detect relies on both for the
//     event names Gemini shares with other hosts.
//
// # Reading the payload
//
// Gemini CLI hands its tool the arguments of the model's function call as
// JavaScript's JSON.parse reads them: keys matched exactly (an unknown
// "Command" or "DESCRIPTION" is ignored, and the tool runs), the last of
// duplicate keys winning. The adapter reads tool_input the same way (keys
// unescaped, never case-folded). A side field of the wrong type (a
// "description" that is a number) is read as empty; a command or file_path
// that is missing or not a string sets hooks.Tool.InputErr, and the event
// still reaches the handler (see SECURITY.md, "What the model controls").
//
// # System settings
//
// Gemini CLI 0.61 reads a system settings file that wins over the user's
// and the workspace's: /etc/gemini-cli/settings.json on Linux,
// /Library/Application Support/GeminiCli/settings.json on macOS,
// C:\ProgramData\gemini-cli\settings.json on Windows, or where
// GEMINI_CLI_SYSTEM_SETTINGS_PATH says (read in its bundle). Its hook
// arrays are concatenated with the others' and the set is loaded as the
// project's hooks, under folder trust (read in the bundle). Measured on
// Linux (e2e TestManagedScope): a system-file hook's deny holds; a
// headless run with GEMINI_CLI_TRUST_WORKSPACE=false ran it too. It has no
// switch that runs system hooks only. The facts are the adapter's
// HookFile().Managed, which install --scope managed writes.
package gemini
