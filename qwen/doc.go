// Package qwen is the hooks.Adapter for Qwen Code (measured against
// @qwen-code/qwen-code 0.24.4 run headless with --approval-mode yolo; where
// its documentation and behaviour differ, the behaviour is followed).
//
// Qwen's protocol is Claude Code's in shape: events PreToolUse,
// PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop, SessionStart,
// SessionEnd, Notification, PermissionRequest, SubagentStart,
// SubagentStop and PreCompact parse to their *hooks.XxxEvent; its other
// events (PostToolBatch, MessageDisplay, InstructionsLoaded, …) are
// *hooks.OtherEvent. Tools have Gemini-style names: run_shell_command
// (shell), write_file (write), edit (edit; a model's "replace" reaches
// hooks as edit), read_file (read), mcp__<server>__<tool> (MCP, from the
// documentation); arguments use Claude's names (file_path, content,
// old_string, new_string).
//
// What handlers see, and quirks of the real client this package handles:
//
//   - UserPromptSubmit fires before EVERY model call, not once per prompt:
//     after each batch of tool results it fires again with Prompt "". A
//     handler that blocks prompts by content must let the empty prompt
//     through, or it ends every tool loop; a handler that adds Context adds
//     it before every model call. A block ends the run silently (exit 0,
//     empty result, the reason shown nowhere).
//   - PreToolUse fires only after Qwen's own approval, so allow changes
//     nothing (not claimed); in the default approval mode headless, shell
//     and write calls are declined before any hook runs.
//   - updatedInput is ignored: the original call runs. A rewrite is
//     therefore sent as a deny of that call (hooks.Fit), never as an
//     updatedInput that would let the unsanitised call through.
//   - ask denies headless, with the reason shown to the model.
//   - Exit code 2 blocks only when stderr has text, and then stdout is
//     ignored; exit code 1 with JSON on stdout is honoured. Serialize
//     answers with JSON and exit code 0, and "{}" for no opinion (with an
//     empty stdout Qwen would read stderr as the answer).
//   - A Stop block runs the agent again, up to 8 times in a row; the root's
//     loop guard (hooks.Handlers.RepeatStopBlocks) stops after one.
//     continue:false on Stop also continues, so Halt is not claimed there.
//   - A hook's "timeout" in Qwen's settings is seconds below 1000 and
//     milliseconds from 1000 on (TimeoutSetting converts it).
//   - Project hooks are dropped in an untrusted folder when folder trust is
//     on; user hooks (~/.qwen/settings.json) always load.
//   - run_shell_command can lose the output of a command that ends fast:
//     the model is shown "Output: (empty)" with "Exit Code: 0" though the
//     command printed. The output is already empty in the result of Qwen's
//     shell runner, before PostToolUse fires: no hook is the cause. Qwen
//     takes the result when the child's exit is reaped, not when its
//     output is closed, and Node checks every child it started on each
//     SIGCHLD: another child that exits meanwhile can get the command
//     reaped before its output is read. With general.preventSystemSleep
//     on (the default) that other child is the `systemd-inhibit … sleep
//     infinity` started as each tool starts, which exits at once where no
//     logind answers (a container, CI). Measured with Qwen's own shell
//     runner running `md5sum` while the event loop is busy: 10 outputs of
//     100 empty with that child, none of 100 without it. The e2e suite
//     turns preventSystemSleep off. (qwen -p runs commands through pipes;
//     its PTY, tools.shell.enableInteractiveShell, is no cure: it lost
//     outputs too, with other children exiting around the command.)
//
// Payload keys are read exactly as spelled (no case folding, the last of
// two equal keys wins, as JavaScript reads them). A tool argument a policy
// needs (command, file_path, content, directory) that is missing or not a
// string sets hooks.Tool.InputErr.
package qwen
