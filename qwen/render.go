package qwen

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as Qwen Code 0.24.4 sends it: PreToolUse and
// PostToolUse with tools run_shell_command, read_file, write_file and edit
// (Claude's argument names, absolute paths), UserPromptSubmit, Stop,
// SessionStart. Qwen has no permission-request hook headless and no patch
// tool.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission {
		return nil, "Qwen Code's PermissionRequest does not fire headless", nil
	}
	shell := payload.Object("command", s.Command, "description", "Run the command", "is_background", false)
	switch s.Kind {
	case hostfacts.ActPrompt:
		return payload.One(templates(), "UserPromptSubmit", "UserPromptSubmit", "", "prompt", s.Prompt, "submitted_prompt", s.Prompt)
	case hostfacts.ActPostShell:
		llm := "Command: " + s.Command + "\nDirectory: (root)\nOutput: " + s.Output + "\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: (none)"
		return payload.One(templates(), "PostToolUse-run_shell_command", "PostToolUse", "run_shell_command", "tool_input", shell,
			"tool_response", payload.Object("llmContent", llm, "returnDisplay", ""))
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		return payload.One(templates(), "PostToolUse-write_file", "PostToolUse", "write_file",
			"tool_input", payload.Object("file_path", p, "content", payload.PostContent),
			"tool_response", payload.Object("llmContent", "Successfully created and wrote to new file: "+p+".", "returnDisplay", ""))
	}
	return claudewire.Render(&tools, templates(), "Qwen Code", s, shell)
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
