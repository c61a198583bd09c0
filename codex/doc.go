// Package codex is the hooks.Adapter for OpenAI Codex CLI (measured on
// 0.171.0, `codex exec`).
//
// # What Codex sends
//
// One compact JSON object on stdin (no trailing newline). Shell calls
// arrive as tool_name "Bash" with tool_input {"command": "..."}; file edits
// as tool_name "apply_patch" with tool_input {"command": "<patch text>"}
// (Edit and Write are only matcher aliases, never tool names). Parse turns
// them into *hooks.ShellInput and *hooks.PatchInput; ParsePatch reads
// Codex's patch grammar and PatchFromShell finds a patch fed to apply_patch
// from a shell command (a heredoc the model sent through the shell tool,
// which Codex applies although the hook saw tool_name "Bash"). MCP tools
// are named mcp__<server>__<tool> (source only, not measured) and become
// *hooks.MCPInput; any other tool is hooks.RawInput. tool_response on
// PostToolUse is a plain string.
//
// # Malformed patches
//
// A patch Codex's own parser would refuse is not a Parse error. Codex does
// not apply such a patch, so nothing it names is written; and a Parse
// error would hand the call to the fail policy, which for the default
// fail-open means no check at all, while fail-closed users would see every
// slightly odd patch denied. Instead PatchInput.Files lists every file a
// header line names (ParsePatch's salvage), so a path policy still sees the
// targets should this parser and a newer Codex drift apart. A policy that
// wants malformed patches denied outright can call ParsePatch on
// PatchInput.Patch and deny on its error.
//
// # What Codex accepts: strict schemas
//
// Codex validates hook output against a JSON Schema per event with
// additionalProperties:false everywhere. One unknown field anywhere, or a
// field the event's schema lacks (hookSpecificOutput on Stop, for
// example), makes Codex discard the whole output and carry on as if no hook
// had run, a deny included. Serialize therefore writes only the fields of
// the event's schema, and only those Codex acts on (see Capabilities).
//
// Codex also rejects, as "unsupported", Claude-style answers it does not
// implement: on PreToolUse a bare permissionDecision "allow" (allow is only
// accepted together with updatedInput), "ask", decision "approve",
// continue:false, stopReason and suppressOutput. A rejected output is
// ignored (fail-open), so this adapter never writes them: a bare Allow on
// PreToolUse is dropped with a warning (Codex's own approval rules then
// apply), an Ask becomes the Handlers.AskFallback. A deny always carries a
// non-empty reason, since Codex ignores a block whose reason is empty.
//
// # Installing
//
// Codex reads hooks from hooks.json next to each config layer
// ($CODEX_HOME/hooks.json, <repo>/.codex/hooks.json) or from a [hooks]
// table in config.toml. It does not read .codex/hooks.toml (ignored
// silently). Hooks that are not managed by an administrator run only once
// they are trusted (the /hooks review stores a trusted_hash in the user
// config) or when `codex exec --dangerously-bypass-hook-trust` is given;
// otherwise Codex skips them silently, with no warning at all, so an
// installed but untrusted guard guards nothing.
//
// # Stop loops
//
// A deny on Stop (and SubagentStop) makes Codex continue the turn with the
// reason as a new user message. Codex has no loop cap of its own (300+
// rounds were observed); the root package's loop guard drops a second deny
// while stop_hook_active is true unless Handlers.RepeatStopBlocks is set.
//
// # Timeouts
//
// The default hook timeout is 600 s (Timeout). Codex clamps SessionEnd and
// Interrupt hooks to 3 s whatever the configuration says, so a handler for
// those must answer quickly; pass --timeout 3 to such a hook.
//
// # Reading the payload
//
// Codex does not pass the model's arguments on: it parses the model's call
// (exec_command's {"cmd": …}, or apply_patch's freeform text) itself with
// serde_json and builds the hook's tool_input, {"command": …}, with one key
// per field. The adapter reads keys exactly (unescaped, never
// case-folded). Since a duplicate or a case variant of "command" never
// comes from Codex, and what Codex would run is then not known, such a
// tool_input sets hooks.Tool.InputErr, as does a command that is missing
// or not a string; the event still reaches the handler (see SECURITY.md,
// "What the model controls").
//
// # System layer
//
// Codex 0.171 reads a system configuration layer in /etc/codex (its
// binary names config.toml, requirements.toml and managed_config.toml
// there); a hooks.json in it is read as the other layers' are, and its
// hooks are managed: they run without the hook trust that user and project
// hooks need. Measured on Linux (e2e TestManagedScope): a hook in
// /etc/codex/hooks.json denies with no --dangerously-bypass-hook-trust.
// requirements.toml's allow_managed_hooks_only (its managed-only switch)
// is not written by the installer. The facts are the adapter's
// HookFile().Managed, which install --scope managed writes.
package codex
