package hookstest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
	"github.com/agenthooks/hooks/writes"
)

// A Scenario is one thing an agent does, written once in unified terms ("a
// shell command `rm -rf /`", "a write to config/.env") and rendered by Run
// into the native payload of every host that can do it, quirks included.
// Build one with Shell, Read, Write, Edit, PatchMove, Delete, Prompt, Stop,
// StopAgain, SessionStart, PostShell, PostWrite, ModelRequest,
// ModelResponse or ToolSelection. The zero Scenario is
// invalid.
//
// Relative paths are relative to the session's working directory,
// /home/dev/project: Claude Code and Cursor receive them joined to it (they
// send absolute paths), Gemini CLI and Codex as written (their models write
// relative paths). Pass an absolute path to have every host send the same.
type Scenario struct {
	act        hostfacts.ActKind
	command    string
	path, to   string
	content    string
	old, new   string
	prompt     string
	output     string
	active     bool
	permission bool
}

// The kinds of scenario, as the renderers take them.
const (
	actShell        = hostfacts.ActShell
	actRead         = hostfacts.ActRead
	actWrite        = hostfacts.ActWrite
	actEdit         = hostfacts.ActEdit
	actMove         = hostfacts.ActMove
	actPrompt       = hostfacts.ActPrompt
	actStop         = hostfacts.ActStop
	actSessionStart = hostfacts.ActSessionStart
	actPostShell    = hostfacts.ActPostShell
	actPostWrite    = hostfacts.ActPostWrite
	actDelete       = hostfacts.ActDelete
	actModelRequest = hostfacts.ActModelRequest
	actModelResp    = hostfacts.ActModelResponse
	actToolSel      = hostfacts.ActToolSelection
)

// Shell is the agent running a shell command (PreToolUse: Claude Bash,
// Cursor preToolUse(Shell) and beforeShellExecution, Gemini
// run_shell_command, Codex Bash).
func Shell(command string) Scenario { return Scenario{act: actShell, command: command} }

// Read is the agent reading a file (PreToolUse: Claude Read, Cursor
// preToolUse(Read) and beforeReadFile, Gemini read_file). Codex has no
// read tool (it reads through the shell), so it is skipped there.
func Read(path string) Scenario { return Scenario{act: actRead, path: path} }

// Write is the agent creating or overwriting a file with content
// (PreToolUse: Claude Write, Cursor Write, Gemini write_file, and on Codex
// an apply_patch that adds the file, both as the apply_patch tool and as an
// `apply_patch <<'EOF'` heredoc run through the shell).
func Write(path, content string) Scenario {
	return Scenario{act: actWrite, path: path, content: content}
}

// Edit is the agent replacing old with new in a file (PreToolUse: Claude
// Edit, Gemini replace; Cursor's agent edits with its Write tool, which
// carries new as the content; on Codex an apply_patch update, as the tool
// and as a shell heredoc). A policy that only looks at *hooks.EditInput
// misses Cursor and Codex: use writes.Paths.
func Edit(path, old, new string) Scenario {
	return Scenario{act: actEdit, path: path, old: old, new: new}
}

// PatchMove is a patch that moves (renames) a file, with a one-line
// change: Codex's apply_patch "*** Move to:", as the tool and as a shell
// heredoc, and OpenCode's apply_patch. The other hosts have no patch tool
// and are skipped.
func PatchMove(from, to string) Scenario { return Scenario{act: actMove, path: from, to: to} }

// Delete is the agent deleting a file with a delete tool: Cursor's
// preToolUse(Delete) (its input shape is unverified; rendered with path).
// The other hosts delete through the shell (use Shell with rm) and are
// skipped.
func Delete(path string) Scenario { return Scenario{act: actDelete, path: path} }

// Prompt is the user submitting a prompt (UserPromptSubmit: Cursor
// beforeSubmitPrompt, Gemini BeforeAgent).
func Prompt(text string) Scenario { return Scenario{act: actPrompt, prompt: text} }

// Stop is the agent about to end its turn (Stop: Gemini AfterAgent). A deny
// keeps it going, with the reason as its next instruction.
func Stop() Scenario { return Scenario{act: actStop} }

// StopAgain is Stop after a stop hook already kept the agent going once
// (stop_hook_active; Cursor loop_count 1). By default a second deny is
// dropped by the loop guard (see hooks.Handlers.RepeatStopBlocks).
func StopAgain() Scenario { return Scenario{act: actStop, active: true} }

// SessionStart is a new session starting (Cursor sessionStart).
func SessionStart() Scenario { return Scenario{act: actSessionStart} }

// PostShell is a shell command that ran and printed output (PostToolUse:
// Claude Bash, Cursor postToolUse(Shell) and afterShellExecution, Gemini
// AfterTool, Codex Bash).
func PostShell(command, output string) Scenario {
	return Scenario{act: actPostShell, command: command, output: output}
}

// PostWrite is a file write that succeeded (PostToolUse: Claude Write,
// Cursor postToolUse(Write) with its JSON-encoded tool_output string and
// afterFileEdit, Gemini write_file, Codex apply_patch).
func PostWrite(path string) Scenario { return Scenario{act: actPostWrite, path: path} }

// ModelRequest is the agent calling its model, the user's last message
// being prompt (PreModel: Gemini BeforeModel; the other hosts have no
// such hook and are skipped).
func ModelRequest(prompt string) Scenario { return Scenario{act: actModelRequest, prompt: prompt} }

// ModelResponse is a chunk of the model's answer holding text, before the
// user sees it (PostModel: Gemini AfterModel). Judge a redaction with
// [Results.Shown].
func ModelResponse(text string) Scenario { return Scenario{act: actModelResp, output: text} }

// ToolSelection is the model being offered its tools (PreToolSelection:
// Gemini BeforeToolSelection).
func ToolSelection() Scenario { return Scenario{act: actToolSel} }

// AsPermissionRequest returns the tool call of s (Shell, Write or Edit) as
// the host's permission request instead of its PreToolUse: Claude Code's
// PermissionRequest, and Codex's for shell commands. Hosts without one are
// skipped.
func (s Scenario) AsPermissionRequest() Scenario { s.permission = true; return s }

// Event returns the unified event the scenario is delivered as.
func (s Scenario) Event() hooks.EventName {
	switch s.act {
	case actShell, actRead, actWrite, actEdit, actMove, actDelete:
		if s.permission {
			return hooks.PermissionRequest
		}
		return hooks.PreToolUse
	case actPrompt:
		return hooks.UserPromptSubmit
	case actStop:
		return hooks.Stop
	case actSessionStart:
		return hooks.SessionStart
	case actPostShell, actPostWrite:
		return hooks.PostToolUse
	case actModelRequest:
		return hooks.PreModel
	case actModelResp:
		return hooks.PostModel
	case actToolSel:
		return hooks.PreToolSelection
	}
	return ""
}

// String describes the scenario, as failure messages name it.
func (s Scenario) String() string {
	var d string
	switch s.act {
	case actShell:
		d = fmt.Sprintf("shell command `%s`", s.command)
	case actRead:
		d = "read of " + s.path
	case actWrite:
		d = "write to " + s.path
	case actEdit:
		d = "edit of " + s.path
	case actMove:
		d = "patch moving " + s.path + " to " + s.to
	case actDelete:
		d = "delete of " + s.path
	case actPrompt:
		d = fmt.Sprintf("prompt %q", clip(s.prompt))
	case actStop:
		d = "stop"
		if s.active {
			d = "stop again (a stop hook already continued the agent)"
		}
	case actSessionStart:
		d = "session start"
	case actPostShell:
		d = fmt.Sprintf("shell command `%s` that ran", s.command)
	case actPostWrite:
		d = "write to " + s.path + " that succeeded"
	case actModelRequest:
		d = fmt.Sprintf("model call on %q", clip(s.prompt))
	case actModelResp:
		d = fmt.Sprintf("model answer %q", clip(s.output))
	case actToolSel:
		d = "tool selection"
	default:
		return "invalid scenario"
	}
	if s.permission {
		d = "permission request: " + d
	}
	return d
}

// validate reports a scenario that cannot be rendered.
func (s Scenario) validate() error {
	switch {
	case s.act == 0:
		return fmt.Errorf("hookstest: the zero Scenario; build one with Shell, Write, Prompt, …")
	case s.permission && s.act != actShell && s.act != actWrite && s.act != actEdit:
		return fmt.Errorf("hookstest: %s: only Shell, Write and Edit can be permission requests", s)
	case (s.act == actShell || s.act == actPostShell) && strings.TrimSpace(s.command) == "":
		return fmt.Errorf("hookstest: %s: empty command", s)
	case (s.act == actRead || s.act == actWrite || s.act == actEdit || s.act == actMove || s.act == actPostWrite || s.act == actDelete) && s.path == "":
		return fmt.Errorf("hookstest: %s: empty path", s)
	case s.act == actMove && s.to == "":
		return fmt.Errorf("hookstest: %s: empty destination", s)
	}
	return nil
}

// check verifies that ev, a rendered payload as the real adapter parsed
// it, is the scenario: the right unified event, and the command, paths or
// prompt the scenario names. It guards the kit against rendering a payload
// the adapter reads as something else.
func (s Scenario) check(ev hooks.Event) error {
	if ev.Name() != s.Event() {
		return fmt.Errorf("parsed as %T (%q), want %s", ev, ev.Common().NativeEvent, s.Event())
	}
	tool := hooks.ToolOf(ev)
	switch s.act {
	case actShell, actPostShell:
		sh, ok := tool.Input.(*hooks.ShellInput)
		if !ok || sh.Command != s.command {
			return fmt.Errorf("tool input %#v, want the shell command %q", tool.Input, s.command)
		}
		if s.act == actPostShell {
			out := ev.(*hooks.PostToolUseEvent).Output.Text
			if !strings.Contains(out, strings.TrimSpace(s.output)) {
				return fmt.Errorf("tool output %q, want it to contain %q", out, s.output)
			}
		}
	case actRead:
		r, ok := tool.Input.(*hooks.ReadInput)
		if !ok || (r.Path != s.path && r.Path != payload.Absolute(s.path)) {
			return fmt.Errorf("tool input %#v, want a read of %s", tool.Input, s.path)
		}
	case actWrite, actEdit, actPostWrite:
		if !hasPath(writes.Paths(tool), s.path) {
			return fmt.Errorf("tool %s writes %q, want %s", tool.Name, writes.Paths(tool), s.path)
		}
	case actDelete:
		// A delete tool (Cursor's Delete), or one that deletes a list of
		// files, typed as a patch of deletes (Auggie's remove-files).
		var deleted []string
		switch in := tool.Input.(type) {
		case *hooks.DeleteInput:
			deleted = []string{in.Path}
		case *hooks.PatchInput:
			for _, f := range in.Files {
				if f.Op == hooks.PatchDelete {
					deleted = append(deleted, f.Path)
				}
			}
		}
		if !hasPath(deleted, s.path) {
			return fmt.Errorf("tool input %#v, want a delete of %s", tool.Input, s.path)
		}
	case actMove:
		if ps := writes.Paths(tool); !hasPath(ps, s.path) || !hasPath(ps, s.to) {
			return fmt.Errorf("tool %s writes %q, want %s and %s", tool.Name, ps, s.path, s.to)
		}
	case actPrompt:
		if p := ev.(*hooks.UserPromptSubmitEvent).Prompt; p != s.prompt {
			return fmt.Errorf("prompt %q, want %q", p, s.prompt)
		}
	case actStop:
		if a := ev.(*hooks.StopEvent).Active; a != s.active {
			return fmt.Errorf("stop active %v, want %v", a, s.active)
		}
	case actModelRequest:
		if m := ev.(*hooks.ModelRequestEvent).Request.Messages; len(m) == 0 || m[len(m)-1].Content != s.prompt {
			return fmt.Errorf("messages %+v, want the last to be %q", m, s.prompt)
		}
	case actModelResp:
		if r := ev.(*hooks.ModelResponseEvent).Response; r.ResponseText() != s.output {
			return fmt.Errorf("response %q, want %q", r.ResponseText(), s.output)
		}
	}
	return nil
}

func hasPath(paths []string, p string) bool {
	return slices.Contains(paths, p) || slices.Contains(paths, payload.Absolute(p))
}

// clip shortens s for a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}

// asAct is s as the adapters' renderers take it.
func (s Scenario) asAct() hostfacts.Act {
	return hostfacts.Act{Kind: s.act, Command: s.command, Output: s.output, Path: s.path, To: s.to,
		Content: s.content, Old: s.old, New: s.new, Prompt: s.prompt, Active: s.active, Permission: s.permission}
}
