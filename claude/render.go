package claude

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as Claude Code 2.1 sends it: tools Bash, Read,
// Write, Edit with absolute file paths; PermissionRequest has no
// tool_use_id.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	ev := "PreToolUse"
	if s.Permission {
		ev = "PermissionRequest"
	}
	switch s.Kind {
	case hostfacts.ActShell:
		return payload.One(templates(), ev+"-Bash", ev, "Bash",
			"tool_input", payload.Object("command", s.Command, "description", "Run the command"))
	case hostfacts.ActRead:
		return payload.One(templates(), "PreToolUse-Read", ev, "Read", "tool_input", payload.Object("file_path", payload.Absolute(s.Path)))
	case hostfacts.ActWrite:
		return payload.One(templates(), ev+"-Write", ev, "Write",
			"tool_input", payload.Object("file_path", payload.Absolute(s.Path), "content", s.Content))
	case hostfacts.ActEdit:
		in := payload.Object("file_path", payload.Absolute(s.Path), "old_string", s.Old, "new_string", s.New, "replace_all", false)
		if s.Permission {
			return payload.One(templates(), "PermissionRequest-Write", ev, "Edit", "tool_name", "Edit", "tool_input", in)
		}
		return payload.One(templates(), "PreToolUse-Edit", ev, "Edit", "tool_input", in)
	case hostfacts.ActDelete:
		return nil, "Claude Code has no delete tool (it deletes through the shell: use Shell)", nil
	case hostfacts.ActMove:
		return nil, "Claude Code has no patch tool (a move is a shell `mv`: use Shell)", nil
	case hostfacts.ActPrompt:
		return payload.One(templates(), "UserPromptSubmit", "UserPromptSubmit", "", "prompt", s.Prompt)
	case hostfacts.ActStop:
		return payload.One(templates(), "Stop", "Stop", "", "stop_hook_active", s.Active)
	case hostfacts.ActSessionStart:
		return payload.One(templates(), "SessionStart", "SessionStart", "")
	case hostfacts.ActPostShell:
		return payload.One(templates(), "PostToolUse-Bash", "PostToolUse", "Bash",
			"tool_input", payload.Object("command", s.Command, "description", "Run the command"),
			"tool_response", payload.Object("stdout", s.Output, "stderr", "", "interrupted", false, "isImage", false, "noOutputExpected", false))
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		return payload.One(templates(), "PostToolUse-Write", "PostToolUse", "Write",
			"tool_input", payload.Object("file_path", p, "content", payload.PostContent),
			"tool_response", payload.Object("type", "create", "filePath", p, "content", payload.PostContent,
				"structuredPatch", []any{}, "originalFile", nil, "userModified", false))
	}
	return nil, "", nil
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
