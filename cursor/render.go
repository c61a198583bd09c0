package hookstest

import (
	"encoding/json"

	"github.com/agenthooks/hooks"
)

// renderCursor renders s as Cursor 3.9 sends it. Cursor fires two hooks
// for one call where it has a specific event: a shell command is
// preToolUse(Shell) and beforeShellExecution, a read preToolUse(Read) and
// beforeReadFile; after the call postToolUse comes with
// afterShellExecution or afterFileEdit. Which layer an installation
// registers is its choice (cursor.Registrations), so a policy must answer
// both correctly. The agent writes and edits files with its Write tool;
// file paths are absolute; postToolUse's tool_output is a JSON-encoded
// string.
func renderCursor(s Scenario) ([]rendered, string, error) {
	const h hooks.Host = "cursor"
	if s.permission {
		return nil, "Cursor has no permission-request hook", nil
	}
	switch s.act {
	case actShell:
		return collect(
			func() (rendered, error) {
				return fill(h, "preToolUse-Shell", "preToolUse", "Shell", "",
					"tool_input", object("command", s.command, "cwd", "", "timeout", 30000))
			},
			func() (rendered, error) {
				return fill(h, "beforeShellExecution", "beforeShellExecution", "", "", "command", s.command)
			})
	case actRead:
		p := absolute(s.path)
		return collect(
			func() (rendered, error) {
				return fill(h, "preToolUse-Read", "preToolUse", "Read", "", "tool_input", object("file_path", p))
			},
			func() (rendered, error) {
				return fill(h, "beforeReadFile", "beforeReadFile", "", "", "file_path", p, "content", "")
			})
	case actWrite:
		return one(h, "preToolUse-Write", "preToolUse", "Write",
			"tool_input", object("file_path", absolute(s.path), "content", s.content))
	case actEdit:
		return collect(func() (rendered, error) {
			return fill(h, "preToolUse-Write", "preToolUse", "Write", "an edit is a Write with the new text",
				"tool_input", object("file_path", absolute(s.path), "content", s.new))
		})
	case actDelete:
		return one(h, "preToolUse-Write", "preToolUse", "Delete",
			"tool_name", "Delete", "tool_input", object("path", absolute(s.path)))
	case actMove:
		return nil, "Cursor has no patch tool (a move is a shell `mv`: use Shell)", nil
	case actPrompt:
		return one(h, "beforeSubmitPrompt", "beforeSubmitPrompt", "", "prompt", s.prompt)
	case actStop:
		loops := 0
		if s.active {
			loops = 1
		}
		return one(h, "stop", "stop", "", "loop_count", loops)
	case actSessionStart:
		return one(h, "sessionStart", "sessionStart", "")
	case actPostShell:
		out := encoded(object("output", s.output, "exitCode", 0))
		return collect(
			func() (rendered, error) {
				return fill(h, "postToolUse-Shell", "postToolUse", "Shell", "",
					"tool_input", object("command", s.command, "cwd", "", "timeout", 30000), "tool_output", out)
			},
			func() (rendered, error) {
				return fill(h, "afterShellExecution", "afterShellExecution", "", "", "command", s.command, "output", s.output)
			})
	case actPostWrite:
		p := absolute(s.path)
		return collect(
			func() (rendered, error) {
				return fill(h, "postToolUse-Write", "postToolUse", "Write", "",
					"tool_input", object("file_path", p, "content", postContent),
					"tool_output", encoded(object("file_path", p, "success", true)))
			},
			func() (rendered, error) {
				return fill(h, "afterFileEdit", "afterFileEdit", "", "", "file_path", p, "edits", []any{})
			})
	}
	return nil, "", nil
}

// encoded returns v as a JSON string holding its JSON text, as Cursor sends
// tool_output.
func encoded(v json.RawMessage) json.RawMessage {
	b, _ := marshal(string(v))
	return b
}
