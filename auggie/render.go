package auggie

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as
// Auggie 0.36.0 sends it (auggie --print): PreToolUse with tools
// launch-process, view, save-file, str-replace-editor, remove-files
// (paths as the model wrote them: Auggie passes them on unresolved),
// PostToolUse of launch-process and save-file, PromptSubmit, Stop and
// SessionStart. Auggie has no permission-request hook and never continues
// a stopped agent.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission {
		return nil, "Auggie has no permission-request hook", nil
	}
	c := templates()
	pre := func(tool string, in any) ([]hostfacts.Payload, string, error) {
		return payload.One(c, "PreToolUse-"+tool, EventPreToolUse, tool, "tool_input", in)
	}
	shell := payload.Object("command", s.Command, "wait", true, "max_wait_seconds", 30, "cwd", payload.Project)
	switch s.Kind {
	case hostfacts.ActShell:
		return pre(ToolLaunchProcess, shell)
	case hostfacts.ActRead:
		return pre(ToolView, payload.Object("type", "file", "path", s.Path))
	case hostfacts.ActWrite:
		return pre(ToolSaveFile, payload.Object("path", s.Path, "file_content", s.Content))
	case hostfacts.ActEdit:
		entry := payload.Object("old_str", s.Old, "new_str", s.New, "old_str_start_line_number", 1, "old_str_end_line_number", 1)
		return pre(ToolStrReplaceEditor, payload.Object("command", "str_replace", "path", s.Path, "str_replace_entries", []any{entry}))
	case hostfacts.ActDelete:
		return pre(ToolRemoveFiles, payload.Object("file_paths", []string{s.Path}))
	case hostfacts.ActMove:
		return nil, "Auggie's apply_patch was not measured with a move (a move is a shell `mv`: use Shell)", nil
	case hostfacts.ActPostShell:
		out := "Here are the results from executing the command.\n<return-code>\n0\n</return-code>\n<output>\n" + s.Output + "\n</output>"
		return payload.One(c, "PostToolUse-"+ToolLaunchProcess, EventPostToolUse, ToolLaunchProcess, "tool_input", shell, "tool_output", out)
	case hostfacts.ActPostWrite:
		in := payload.Object("path", s.Path, "file_content", payload.PostContent)
		return payload.One(c, "PostToolUse-"+ToolSaveFile, EventPostToolUse, ToolSaveFile, "tool_input", in,
			"tool_output", "File saved.  Saved file {"+payload.Absolute(s.Path)+"}",
			"file_changes", []any{payload.Object("path", s.Path, "changeType", "create", "content", payload.PostContent)})
	case hostfacts.ActPrompt:
		return payload.One(c, EventPromptSubmit, EventPromptSubmit, "", "user_prompt", s.Prompt)
	case hostfacts.ActStop:
		if s.Active {
			return nil, "Auggie never continues a stopped agent (it discards the Stop hook's answer)", nil
		}
		return payload.One(c, EventStop, EventStop, "")
	case hostfacts.ActSessionStart:
		return payload.One(c, EventSessionStart, EventSessionStart, "")
	}
	return nil, "", nil
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
