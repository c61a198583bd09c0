// Package cursor is the hooks.Adapter for Cursor (the IDE and the
// cursor-agent CLI).
//
// # Wire format
//
// Cursor writes one flat snake_case JSON object on the hook's stdin, with a
// camelCase hook_event_name ("preToolUse", "beforeShellExecution", "stop",
// …), and reads one flat object from stdout: permission, user_message,
// agent_message, updated_input, continue, additional_context,
// followup_message. There is no cwd in the common fields: the session's
// Cwd is the payload's cwd when it is not empty, else workspace_roots[0].
// The session id is conversation_id (session_id, equal to it since 3.1, when
// it is missing).
//
// The adapter always exits 0 with JSON. Cursor does not read stdout when a
// hook exits 2 (the raw text becomes the block reason, and a stop's
// followup_message is lost), so exit 2 is used only for a deny on an event
// it does not know. Gate events always get an object, also for no opinion
// ({"permission":"allow"}): with failClosed set, a hook that prints nothing
// blocks the action.
//
// # Events
//
//	sessionStart                    SessionStart        additional_context
//	sessionEnd                      SessionEnd          (observe)
//	beforeSubmitPrompt              UserPromptSubmit    continue:false + user_message
//	preToolUse                      PreToolUse          permission, messages, updated_input
//	beforeShellExecution            PreToolUse (Shell)  permission, messages
//	beforeMCPExecution              PreToolUse (MCP)    permission, messages
//	beforeReadFile                  PreToolUse (Read)   permission, user_message
//	postToolUse                     PostToolUse         additional_context
//	afterShellExecution             PostToolUse (Shell) (observe)
//	afterMCPExecution               PostToolUse (MCP)   (observe)
//	afterFileEdit                   PostToolUse (edit)  (observe)
//	postToolUseFailure              PostToolUseFailure  (observe)
//	stop, subagentStop              Stop, SubagentStop  followup_message
//	subagentStart                   SubagentStart       permission, user_message
//	preCompact                      PreCompact          user_message
//
// Everything else (afterAgentResponse, afterAgentThought, beforeTabFileRead,
// afterTabFileEdit, workspaceOpen, names added later) is a *hooks.OtherEvent.
//
// Tools are Cursor's: Shell (ShellInput; timeout in milliseconds), Read
// (ReadInput), Write (WriteInput; Cursor's agent writes and edits files
// with it, and afterFileEdit reports the hunks as an EditInput), StrReplace
// (EditInput; reported by peers, unverified), Delete (DeleteInput, so that
// writes.Paths counts the file it deletes; its input shape is unverified:
// path or file_path), MCP:<tool> (MCPInput, its server read from
// mcp_server_name when the payload carries it), and Grep, Task and the
// rest as hooks.RawInput. A tool it does not know by name is judged by its
// shape: a file_path or path with content or contents is a WriteInput,
// with old_string, new_string or edits an EditInput, and content with no
// path sets Tool.InputErr, so that a path policy is not passed by a new
// tool name. postToolUse's tool_output and the MCP events' tool_input and
// result_json are JSON-encoded strings; the adapter decodes them.
//
// # Decisions
//
// A deny puts its reason in user_message as well as agent_message: on
// Cursor 3.9.16 the model received user_message (through the denied tool's
// postToolUseFailure error_message) and never agent_message, whatever the
// documentation says. When the handler sets a UserMessage too, user_message
// carries the UserMessage, a blank line and the Reason, so the model still
// gets the reason.
//
// An ask is not claimed in the capability matrix: Cursor treats "ask" as
// deny on some builds and as allow on others, so hooks.Fit turns it into
// Handlers.AskFallback (deny by default) with a warning, except on
// beforeShellExecution and beforeMCPExecution from a build that is known
// to ask the user (AskOn, by cursor_version: IDE builds before 2.4.21),
// which get "ask" itself; Handlers.AskFallbackAlways opts out of that.
// The fields only Cursor sends are read with Version, UserEmail, Sandbox
// and MCPServer; host-only answers are in NativeAnswers. An allow is not
// claimed either: it is the same answer as no opinion, and Cursor's own
// allow-list and approval prompts still apply after a hook's allow. A Halt
// on a gate event is sent as a deny of the call (Cursor cannot stop the
// agent from a hook); on beforeSubmitPrompt it blocks the prompt. A stop or
// subagentStop deny is a followup_message, which Cursor submits as the next
// user message (at most loop_limit times, 5 by default).
//
// # Two layers of gates: register one
//
// Cursor fires two hooks for one tool call: a Shell command fires
// preToolUse (tool_name "Shell") and beforeShellExecution; a Read fires
// preToolUse ("Read") and beforeReadFile (both captured, IDE 3.9.16); an MCP
// call fires preToolUse ("MCP:<tool>") and beforeMCPExecution (documented,
// not captured). After the call, postToolUse fires together with
// afterShellExecution, afterMCPExecution or afterFileEdit. The
// adapter maps both layers to the same unified events, so an installer that
// registers both has every such call judged twice (twice the latency, twice
// the audit records, and two verdicts that may differ when a policy keeps
// state). Register one layer per tool.
//
// The recommended layer is SpecificLayer (RecommendedEvents): Shell on
// beforeShellExecution, MCP on beforeMCPExecution, Read on beforeReadFile,
// every other tool on preToolUse with a matcher that excludes those three,
// and postToolUse for results. beforeShellExecution is reported to fire in
// the IDE and in cursor-agent alike, while cursor-agent reportedly may not
// fire preToolUse; gating shell commands there keeps the most dangerous
// calls gated in both. preToolUse is the only event with updated_input, so
// a policy that rewrites Shell, Read or MCP calls needs ToolUseLayer
// instead, which judges every tool on preToolUse (verified in the IDE
// only). Registrations returns the entries for either layer, and the
// adapter's Layouts lists both for an installer ([hostfacts.Layouter]), as
// "specific" and "tool-use" (install's --layout).
//
// # Reading the payload
//
// How Cursor resolves a duplicate key in a tool's arguments is not known
// (its agent is closed source; no capture shows one). The adapter reads
// keys exactly (unescaped, never case-folded), and a field a policy reads
// (Shell's command; a file tool's file_path, or path as some builds send)
// that is duplicated, has a case variant ("Command", "PATH"), is missing or
// is not a string sets hooks.Tool.InputErr, as do file_path and path with
// different values; the event still reaches the handler. Side fields of
// the wrong type are read as empty (see SECURITY.md, "What the model
// controls").
package cursor
