package cursor

import (
	"embed"
	"encoding/json"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as Cursor 3.9 sends it. Cursor fires two hooks
// for one call where it has a specific event: a shell command is
// preToolUse(Shell) and beforeShellExecution, a read preToolUse(Read) and
// beforeReadFile; after the call postToolUse comes with
// afterShellExecution or afterFileEdit. Which layer an installation
// registers is its choice (cursor.Registrations), so a policy must answer
// both correctly. The agent writes and edits files with its Write tool;
// file paths are absolute; postToolUse's tool_output is a JSON-encoded
// string.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission {
		return nil, "Cursor has no permission-request hook", nil
	}
	switch s.Kind {
	case hostfacts.ActShell:
		return payload.Collect(
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "preToolUse-Shell", "preToolUse", "Shell", "",
					"tool_input", payload.Object("command", s.Command, "cwd", "", "timeout", 30000))
			},
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "beforeShellExecution", "beforeShellExecution", "", "", "command", s.Command)
			})
	case hostfacts.ActRead:
		p := payload.Absolute(s.Path)
		return payload.Collect(
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "preToolUse-Read", "preToolUse", "Read", "", "tool_input", payload.Object("file_path", p))
			},
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "beforeReadFile", "beforeReadFile", "", "", "file_path", p, "content", "")
			})
	case hostfacts.ActWrite:
		return payload.One(templates(), "preToolUse-Write", "preToolUse", "Write",
			"tool_input", payload.Object("file_path", payload.Absolute(s.Path), "content", s.Content))
	case hostfacts.ActEdit:
		return payload.Collect(func() (hostfacts.Payload, error) {
			return payload.Fill(templates(), "preToolUse-Write", "preToolUse", "Write", "an edit is a Write with the new text",
				"tool_input", payload.Object("file_path", payload.Absolute(s.Path), "content", s.New))
		})
	case hostfacts.ActDelete:
		return payload.One(templates(), "preToolUse-Write", "preToolUse", "Delete",
			"tool_name", "Delete", "tool_input", payload.Object("path", payload.Absolute(s.Path)))
	case hostfacts.ActMove:
		return nil, "Cursor has no patch tool (a move is a shell `mv`: use Shell)", nil
	case hostfacts.ActPrompt:
		return payload.One(templates(), "beforeSubmitPrompt", "beforeSubmitPrompt", "", "prompt", s.Prompt)
	case hostfacts.ActStop:
		loops := 0
		if s.Active {
			loops = 1
		}
		return payload.One(templates(), "stop", "stop", "", "loop_count", loops)
	case hostfacts.ActSessionStart:
		return payload.One(templates(), "sessionStart", "sessionStart", "")
	case hostfacts.ActPostShell:
		out := encoded(payload.Object("output", s.Output, "exitCode", 0))
		return payload.Collect(
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "postToolUse-Shell", "postToolUse", "Shell", "",
					"tool_input", payload.Object("command", s.Command, "cwd", "", "timeout", 30000), "tool_output", out)
			},
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "afterShellExecution", "afterShellExecution", "", "", "command", s.Command, "output", s.Output)
			})
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		return payload.Collect(
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "postToolUse-Write", "postToolUse", "Write", "",
					"tool_input", payload.Object("file_path", p, "content", payload.PostContent),
					"tool_output", encoded(payload.Object("file_path", p, "success", true)))
			},
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "afterFileEdit", "afterFileEdit", "", "", "file_path", p, "edits", []any{})
			})
	}
	return nil, "", nil
}

// encoded returns v as a JSON string holding its JSON text, as Cursor sends
// tool_output.
func encoded(v json.RawMessage) json.RawMessage {
	b, _ := payload.Marshal(string(v))
	return b
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
