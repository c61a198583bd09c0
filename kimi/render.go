package kimi

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as Kimi
// Code 2.1.0 sends it (kimi -p): PreToolUse and PostToolUse with tools
// Bash, Read, Write and Edit (absolute paths under "path"),
// UserPromptSubmit with the prompt as content parts, Stop, SessionStart.
// Kimi's PermissionRequest is fired without waiting for an answer, and it
// has no patch tool.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission {
		return nil, "Kimi Code fires PermissionRequest without waiting for the answer: no hook decides there", nil
	}
	shell := payload.Object("command", s.Command, "description", "Run the command")
	switch s.Kind {
	case hostfacts.ActShell:
		return payload.One(templates(), "PreToolUse-Bash", "PreToolUse", "Bash", "tool_input", shell)
	case hostfacts.ActRead:
		return payload.One(templates(), "PreToolUse-Read", "PreToolUse", "Read", "tool_input", payload.Object("path", payload.Absolute(s.Path)))
	case hostfacts.ActWrite:
		return payload.One(templates(), "PreToolUse-Write", "PreToolUse", "Write",
			"tool_input", payload.Object("path", payload.Absolute(s.Path), "content", s.Content))
	case hostfacts.ActEdit:
		return payload.One(templates(), "PreToolUse-Edit", "PreToolUse", "Edit",
			"tool_input", payload.Object("path", payload.Absolute(s.Path), "old_string", s.Old, "new_string", s.New))
	case hostfacts.ActMove:
		return nil, "Kimi Code has no patch tool (a move is a shell `mv`: use Shell)", nil
	case hostfacts.ActPrompt:
		return payload.One(templates(), "UserPromptSubmit", "UserPromptSubmit", "",
			"prompt", []any{payload.Object("type", "text", "text", s.Prompt)})
	case hostfacts.ActStop:
		return payload.One(templates(), "Stop", "Stop", "", "stop_hook_active", s.Active)
	case hostfacts.ActSessionStart:
		return payload.One(templates(), "SessionStart", "SessionStart", "")
	case hostfacts.ActPostShell:
		return payload.One(templates(), "PostToolUse-Bash", "PostToolUse", "Bash", "tool_input", shell, "tool_output", s.Output)
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		return payload.One(templates(), "PostToolUse-Write", "PostToolUse", "Write",
			"tool_input", payload.Object("path", p, "content", payload.PostContent), "tool_output", "Wrote the file "+p)
	}
	return nil, "", nil
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
