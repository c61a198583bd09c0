// Package opencode is the hooks.Adapter for OpenCode (npm opencode-ai,
// measured on 1.18.33, and the whole e2e suite passed again on 1.18.34, the
// pinned client), through a plugin this package ships.
//
// OpenCode runs no hook commands. It loads JavaScript plugins (ES
// modules) from the plugin folders of its configuration directories: the
// project's .opencode/plugin/ (or plugins/), the user's
// ~/.config/opencode/plugin/ ($XDG_CONFIG_HOME/opencode), and more
// (~/.opencode, $OPENCODE_CONFIG_DIR, the directories above the project:
// see [Adapter.HookFile], measured). A plugin returns
// callbacks; OpenCode awaits "tool.execute.before" with the tool call
// before running it (a callback that throws blocks the call, and the
// model reads the thrown message as the tool's error), awaits
// "tool.execute.after" with the result, and passes every bus event to
// "event". [Plugin] renders this package's plugin (plugin.js, embedded)
// with the hook command baked in; the installer writes it into a plugin
// folder. The plugin makes OpenCode a host like the others: it spawns the
// hook with one JSON object on stdin and acts on the one it answers.
//
// # Wire format (version 1)
//
// The plugin writes one JSON object on the hook's stdin:
//
//	{"opencode_hook": "tool.execute.before",  // or "tool.execute.after", "event"
//	 "wire": 1,
//	 "directory": "/home/dev/project",        // the session's directory (Cwd)
//	 "worktree": "/home/dev/project",         // its git worktree, "/" outside one
//	 "tool": "bash", "session_id": "ses_…", "call_id": "call_…",
//	 "args": {"command": "ls", "description": "…"},  // the arguments the tool runs with
//	 "result": {"title": "…", "output": "…", "metadata": {…}}}  // tool.execute.after only
//
// For the event callback it sends "event" (the event's type) and
// "properties" (the event's) instead of the tool fields, and only for
// session.created and session.idle (the others fire many times a second).
// The arguments are OpenCode's own object after it decoded the model's
// JSON, written by JSON.stringify: no key appears twice, and the hook
// reads exactly what the tool will run with.
//
// The hook answers with exit code 0 and, on stdout, nothing (no opinion)
// or one [Answer] object: {"decision":"block","reason":…} blocks the call
// (the plugin throws the reason); {"args":{…}} replaces the arguments
// with this complete object (in place: OpenCode runs the tool with the
// object it handed the plugin); {"context":…} on tool.execute.after is
// appended to the tool's output. Exit code 2 blocks with stderr as the
// reason.
//
// # Fail policy
//
// The plugin blocks the call (it throws) whenever the hook did not answer:
// the program cannot be started, it is killed or exits with a code other
// than 0 and 2, it writes something that is not one JSON object, an
// unknown decision or arguments that are not an object, or it has not
// answered within the baked time limit ([PluginConfig].Timeout, after
// which it is killed). Where the hook answered, its answer stands: a hook
// built with hookmain answers a failure of its own (a panic, a payload it
// cannot read) with its fail policy, so --fail-open lets the call run and
// --fail-closed blocks it. The event callback never throws: nothing there
// can be blocked.
//
// # Events and tools
//
// tool.execute.before is PreToolUse, tool.execute.after PostToolUse,
// session.created SessionStart and session.idle (the agent ended its turn)
// Stop; see the capability matrix for what each honours. Tools with a
// unified kind: bash (ShellInput; workdir is Cwd, timeout in ms), write
// (WriteInput), edit (EditInput; oldString, newString, replaceAll), read
// (ReadInput) and apply_patch (PatchInput, read by [ParsePatch] as
// OpenCode's own parser reads it: Codex's grammar, more leniently). A
// model whose id holds "gpt-" (not gpt-4, not oss) is offered apply_patch
// instead of write and edit (Kilo Code CLI keeps write beside it); the
// others write and edit (bundle, and measured by the e2e guard-write-tools
// row: with a hook that has no opinion, each spelling of a .env write it
// sends took effect, and examples/guard denied every one). Kilo Code CLI's
// background_process runs a shell command too: a call carrying a command
// (action "start") is a ShellInput (workdir is Cwd). Other tools (glob,
// grep, webfetch, skill, todowrite, task, MCP tools named <server>_<tool>,
// …) are hooks.RawInput. The tools offered, as measured in the model
// request: bash, edit, glob, grep, read, skill, task, todowrite, webfetch
// and write (OpenCode 1.18.33; apply_patch instead of edit and write for a
// GPT model); Kilo Code CLI 7.7.7 adds background_process, board_post,
// board_read, schedule_wakeup, cancel_wakeup and kilo_local_recall (and
// for a GPT model apply_patch instead of edit). Kilo Code CLI 7.7.9 adds
// goal, cron_create, cron_list, cron_delete and link_pr (bundle; see
// [ToolGoal]): hooks.RawInput, matched by name.
//
// A subagent's tool calls (the task tool) reach the plugin as the
// session's own do (measured: a subagent's .env write and its bash call
// are denied, and the subagent reads the reason). There is no subagent
// event: a subagent is a child session.
//
// NO HOOK SEES A COMMAND'S SHELL LINES. A project or user command
// (command/<name>.md, run with run --command or /<name> in the terminal
// interface) may hold !`…` lines: OpenCode and Kilo Code CLI run each in
// the user's shell while they expand the command, before any plugin
// callback (measured: `rm -rf victim` in one deleted victim/ though the
// hook denies any call naming it, and no hook call carried it; bundle:
// command.execute.before fires after the lines ran, with the command's
// name and arguments, and the plugin does not register it). A policy
// cannot keep such a line from running: it is for whoever writes the
// command files (a model's write of one is a write tool call, which the
// hook does see).
//
// Kilo Code CLI (npm @kilocode/cli, 7.7.7) is a fork of OpenCode with the
// same plugin callbacks: the same plugin, written into the project's
// .kilo/plugin/ (or ~/.config/kilo/plugin/), works there unchanged (kilo
// run measured: a block from the hook stops the bash call and the model
// reads its reason), and the hook answers it as host opencode. Its file
// tools are OpenCode's, with the same arguments and the same patch
// parser (measured: the guard-write-tools row passes on both).
//
// # Installing
//
// The adapter describes the plugin folders to package install
// ([Adapter.HookFile]) and renders the plugin for it
// ([Adapter.RenderPlugin], read back by [Adapter.ReadPlugin]): install
// --hosts opencode writes .opencode/plugin/<binary>.js, with the hook
// command's words baked in. Kilo Code CLI reads no .opencode, so it is a
// host of its own for the installer ([Adapter.Forks]: install --hosts
// kilo writes .kilo/plugin/<binary>.js), whose plugin runs the hook as
// --host opencode. Doctor and uninstall also look in every other folder
// the client loads modules from ([hostfacts.PluginModule].Loads), and
// install refuses to write a second module of ours for the same binary.
package opencode
