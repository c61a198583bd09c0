package kimi

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/claudewire"
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
	case hostfacts.ActPrompt:
		return payload.One(templates(), "UserPromptSubmit", "UserPromptSubmit", "",
			"prompt", []any{payload.Object("type", "text", "text", s.Prompt)})
	case hostfacts.ActPostShell:
		return payload.One(templates(), "PostToolUse-Bash", "PostToolUse", "Bash", "tool_input", shell, "tool_output", s.Output)
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		return payload.One(templates(), "PostToolUse-Write", "PostToolUse", "Write",
			"tool_input", payload.Object("path", p, "content", payload.PostContent), "tool_output", "Wrote the file "+p)
	}
	return claudewire.Render(&tools, templates(), "Kimi Code", s, shell)
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
