package droid

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as Factory Droid 0.225.2 sends it (droid exec):
// PreToolUse and PostToolUse with tools Execute, Read, Create and Edit
// (absolute paths; PostToolUse's tool_response is a string), Stop,
// SessionStart. Droid has no permission-request hook, no patch tool, and
// fires no UserPromptSubmit in droid exec.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission {
		return nil, "Factory Droid has no permission-request hook", nil
	}
	shell := payload.Object("summary", "Run the command", "command", s.Command)
	switch s.Kind {
	case hostfacts.ActPrompt:
		return nil, "Factory Droid fires no UserPromptSubmit in droid exec", nil
	case hostfacts.ActPostShell:
		return payload.One(templates(), "PostToolUse-Execute", "PostToolUse", "Execute", "tool_input", shell,
			"tool_response", s.Output+"\n[Process exited with code 0]")
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		resp, _ := payload.Marshal(payload.Object("success", true, "file_path", p))
		return payload.One(templates(), "PostToolUse-Create", "PostToolUse", "Create",
			"tool_input", payload.Object("file_path", p, "content", payload.PostContent), "tool_response", string(resp))
	}
	return claudewire.Render(&tools, templates(), "Factory Droid", s, shell)
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
