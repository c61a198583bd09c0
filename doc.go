// Package hooks lets one Go program answer the hooks of several AI coding
// agents (Claude Code, Cursor, Gemini CLI, Codex, Copilot CLI, Qwen Code,
// Factory Droid, Kimi Code, Cline CLI, OpenCode and its fork Kilo Code
// CLI, Pi, Auggie) with one policy.
//
// A host runs the hook program, writes one JSON event on its stdin and
// reads a decision from its stdout and exit code. Each host has its own
// dialect; an [Adapter] (packages claude, cursor, gemini, codex, copilot,
// qwen, droid, kimi, cline and opencode; package builtin lists them)
// translates it to and from
// the unified types of this package.
//
// This package knows no host; adding one never touches it.
//
// # Writing a policy
//
// A policy is a [Handlers] value: one typed function per unified event
// ([PreToolUseEvent], [StopEvent], … listed by [Events]), [Handlers.Any]
// for the rest (host-only events arrive as [*OtherEvent]), and the
// [FailPolicy] for when the hook cannot decide. A handler returns a
// [Response], usually built with [Allow], [Deny], [Ask], [AddContext],
// [Rewrite] or [Halt]; on the model-level events ([PreModel] and the
// others, Gemini CLI's only today) [OverrideRequest], [ReplaceResponse],
// [ReplaceText] or [RestrictTools]. Tool events carry a [Tool] whose Input is one of
// [ShellInput], [ReadInput], [WriteInput], [EditInput], [PatchInput],
// [MCPInput] or [RawInput]; [ToolOf] finds it on any event and
// package writes lists the files a call writes.
//
// Then call hookmain.Run(h) from main: it reads stdin, finds the host
// (--host, else [Detect]), calls the handler and answers in the host's
// dialect. Fields a host cannot honour on an event are dropped with a
// one-line [Warning] on stderr (see [Fit]; an embedder that answers
// without a [Server] calls [Serialize], which fits). Package hookstest runs a
// policy against every host's payloads in a test.
//
// # Serving
//
// A [Server] is the core every transport shares: [Server.Serve] answers a
// process's streams (hookmain), [Server.Answer] one payload (the HTTP
// gateway, tests). A [Request] says what the caller knows of a payload
// (its host, its event, the host's time limit, or a failure of its own to
// answer with the fail policy); a [Result] is the answer and why.
//
// # Writing an adapter
//
// An [Adapter] parses a host's payloads into events, scores payloads for
// [Detect] (see [DetectThreshold]), and renders a [Response] as an
// [Output] in the host's dialect. Its capability matrix, a [Capability]
// per native event, says which [Field] values the host honours; [Fit]
// drops the rest with a [Warning] before Serialize is called, and
// [Supports] reads the matrix. Optional interfaces add host facts:
// [EventTimeouter] (a tighter limit for some events) and [EventParser]
// (payloads that do not name their event). Package adaptertest checks an
// adapter against the contract, as testing/slogtest does for a
// slog.Handler.
//
// # Host facts for test kits and installers
//
// What an adapter states about its host beyond events and answers (where
// the host reads its hook file, how it reads an answer, what it sends for
// a scenario, which of its settings stop hooks) lives in package
// hostfacts, as optional interfaces the adapters implement and packages
// install and hookstest call. A policy author and a transport need none
// of it; adding a host touches only its own package and the list in
// package builtin.
package hooks
