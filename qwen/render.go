package qwen

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
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
	case hostfacts.ActShell:
		return payload.One(templates(), "PreToolUse-run_shell_command", "PreToolUse", "run_shell_command", "tool_input", shell)
	case hostfacts.ActRead:
		return payload.One(templates(), "PreToolUse-read_file", "PreToolUse", "read_file", "tool_input", payload.Object("file_path", payload.Absolute(s.Path)))
	case hostfacts.ActWrite:
		return payload.One(templates(), "PreToolUse-write_file", "PreToolUse", "write_file",
			"tool_input", payload.Object("file_path", payload.Absolute(s.Path), "content", s.Content))
	case hostfacts.ActEdit:
		return payload.One(templates(), "PreToolUse-edit", "PreToolUse", "edit",
			"tool_input", payload.Object("file_path", payload.Absolute(s.Path), "old_string", s.Old, "new_string", s.New))
	case hostfacts.ActMove:
		return nil, "Qwen Code has no patch tool (a move is a shell `mv`: use Shell)", nil
	case hostfacts.ActPrompt:
		return payload.One(templates(), "UserPromptSubmit", "UserPromptSubmit", "", "prompt", s.Prompt, "submitted_prompt", s.Prompt)
	case hostfacts.ActStop:
		return payload.One(templates(), "Stop", "Stop", "", "stop_hook_active", s.Active)
	case hostfacts.ActSessionStart:
		return payload.One(templates(), "SessionStart", "SessionStart", "")
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
	return nil, "", nil
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
