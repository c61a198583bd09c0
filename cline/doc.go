// Package cline is the hooks.Adapter for Cline CLI (npm cline, measured
// against 3.0.65 run as cline --json with an openai-compatible provider;
// where this package says "bundle", the fact was read in the shipped
// code, not run).
//
// Cline has no hook configuration file: a hook is an executable file
// named after its event, in .clinerules/hooks of the project or
// ~/.cline/hooks (also <name>.sh, .py, … with the name matched without
// case; every matching file runs). The events are TaskStart, TaskResume,
// TaskCancel, TaskComplete, TaskError, PreToolUse, PostToolUse,
// UserPromptSubmit, PreCompact and SessionShutdown. The payload names its
// event in its own words, hookName (agent_start, tool_call, tool_result,
// agent_end, …): Parse maps it back to the file's event name, which is
// Base.NativeEvent. See [Adapter.Parse] for the unified events.
//
// # What a deny does on Cline
//
// Cline's only block is {"cancel": true}, and it ABORTS THE WHOLE RUN:
// the tool does not run, the model is never called again and is never
// told why (errorMessage goes to Cline's log), and the process still
// exits 0. Exit codes are ignored, and stdout that is not JSON is logged
// and lets the tool run, so this package always answers with JSON and a
// fail-closed policy is a cancel. To keep a session going, a deny of the
// shell tool, run_commands, is written instead as an overrideInput that
// replaces every command with one direct run of sh, the reason passed as
// an argument (never as shell text), which prints it on stderr and exits
// 1: none of the model's commands runs, the model reads the reason as the
// command's failure, and the run goes on (measured). A deny of any other
// tool (the editor, read_files, apply_patch, MCP tools) is a cancel: the
// run ends there and the model is not told. Halt is a cancel too.
//
// Also measured: overrideInput replaces the tool's whole input (a
// rewrite); contextModification, or errorMessage without cancel, on
// PreToolUse and PostToolUse becomes a <hook_context> user message after
// the tool's result; TaskStart's answer is not waited for and nothing of
// it reaches the model; TaskComplete fires after the run and its answer
// is ignored, so a Stop deny cannot continue the agent; TaskResume fires
// when cline --id resumes a session (in its terminal interface) and,
// like TaskStart, is not waited for: neither contextModification nor
// cancel has an effect; UserPromptSubmit fires for no prompt (cline
// --json, --acp, the terminal interface). Cline has no allow and no
// ask of its own: Fit drops an allow, and an ask becomes the handler's
// AskFallback (deny by default). A hook file that runs out of Cline's 120
// s lets the tool run.
//
// A subagent (the spawn_agent tool, on by default) has no hook event of
// its own, but its tool calls run the same PreToolUse hooks (measured: a
// subagent's run_commands call was denied, and the subagent read the
// reason). A workflow (.clinerules/workflows/<name>.md, prompt /<name>)
// is text handed to the model: a !`…` line in it is not run (measured).
//
// # Reading the shell tool
//
// The tool_call payload carries the input twice: tool_call.input, the
// object the tool runs with, and a legacy preToolUse.parameters rendered
// from the same object (its non-string values JSON-encoded). Only
// tool_call.input is read. run_commands accepts nine shapes of input (see
// commandsOf), each command a shell script or a direct run
// {command, args}; it runs every one, in parallel, after joining the
// elements that a heredoc spans. hooks.ShellInput.Command shows all of
// them: a lone script as itself, several as one line each (bash -c
// 'script', or the direct run's quoted words), so a policy that judges
// the command sees every process, and a heredoc left open in one element
// does not hide the next. An input Cline would refuse is
// hooks.Tool.InputErr; so is a read_files call naming several files (a
// hooks.ReadInput holds one path).
package cline
