package pi

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as the
// extension sends it from Pi 0.73.1: tool_call and tool_result with the
// tools bash, read, write and edit (Pi's argument names: path, edits),
// and session_start. Pi has no permission request an extension sees, no
// move tool, no prompt event the extension forwards, and agent_end, its
// Stop, cannot continue the agent.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission {
		return nil, "Pi asks no permission an extension sees", nil
	}
	shell := payload.Object("command", s.Command)
	switch s.Kind {
	case hostfacts.ActShell:
		return payload.One(templates(), "tool_call-bash", EventToolCall, ToolShell, "input", shell)
	case hostfacts.ActRead:
		return payload.One(templates(), "tool_call-read", EventToolCall, ToolRead, "input", payload.Object("path", payload.Absolute(s.Path)))
	case hostfacts.ActWrite:
		return payload.One(templates(), "tool_call-write", EventToolCall, ToolWrite,
			"input", payload.Object("path", payload.Absolute(s.Path), "content", s.Content))
	case hostfacts.ActEdit:
		return payload.One(templates(), "tool_call-edit", EventToolCall, ToolEdit,
			"input", payload.Object("path", payload.Absolute(s.Path), "edits", []any{map[string]string{"oldText": s.Old, "newText": s.New}}))
	case hostfacts.ActMove:
		return nil, "Pi has no tool that moves a file (its bash does, as a shell command)", nil
	case hostfacts.ActPrompt:
		return nil, "the Pi extension forwards no prompt event", nil
	case hostfacts.ActStop:
		return nil, "Pi's agent_end (the extension's Stop) cannot continue the agent", nil
	case hostfacts.ActSessionStart:
		return payload.One(templates(), "session_start", EventSessionStart, "")
	case hostfacts.ActPostShell:
		return payload.One(templates(), "tool_result-bash", EventToolResult, ToolShell, "input", shell,
			"result", payload.Object("content", []any{map[string]string{"type": "text", "text": s.Output}}, "isError", false))
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		return payload.One(templates(), "tool_result-write", EventToolResult, ToolWrite,
			"input", payload.Object("path", p, "content", payload.PostContent),
			"result", payload.Object("content", []any{map[string]string{"type": "text", "text": "Successfully wrote 21 bytes to " + p}}, "isError", false))
	}
	return nil, "", nil
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
