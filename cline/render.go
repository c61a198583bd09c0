package cline

import (
	"embed"
	"encoding/json"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as Cline
// CLI 3.0.65 sends it (cline --json): PreToolUse with run_commands
// ({commands: [command]}), read_files ({files: [{path}]}) and editor
// (absolute paths; a write is {path, new_text}, an edit {path, old_text,
// new_text}), PostToolUse of run_commands and editor, TaskComplete,
// TaskStart. The legacy preToolUse copy is rendered beside tool_call, its
// non-string values JSON-encoded as Cline writes them.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission {
		return nil, "Cline CLI has no permission-request hook", nil
	}
	pre := func(tool string, input, legacy json.RawMessage) ([]hostfacts.Payload, string, error) {
		return payload.One(templates(), "PreToolUse-"+tool, EventPreToolUse, tool,
			"tool_call", payload.Object("id", "call_1", "name", tool, "input", input),
			"preToolUse", payload.Object("toolName", tool, "parameters", legacy))
	}
	switch s.Kind {
	case hostfacts.ActShell:
		enc, _ := payload.Marshal([]string{s.Command})
		return pre(ToolRunCommands, payload.Object("commands", []string{s.Command}), payload.Object("commands", string(enc)))
	case hostfacts.ActRead:
		files := []any{map[string]string{"path": payload.Absolute(s.Path)}}
		enc, _ := payload.Marshal(files)
		return payload.One(templates(), "PreToolUse-read_files", EventPreToolUse, ToolReadFiles,
			"tool_call", payload.Object("id", "call_1", "name", ToolReadFiles, "input", payload.Object("files", files)),
			"preToolUse", payload.Object("toolName", ToolReadFiles, "parameters", payload.Object("files", string(enc))))
	case hostfacts.ActWrite:
		in := payload.Object("new_text", s.Content, "path", payload.Absolute(s.Path))
		return payload.One(templates(), "PreToolUse-editor", EventPreToolUse, ToolEditor,
			"tool_call", payload.Object("id", "call_1", "name", ToolEditor, "input", in),
			"preToolUse", payload.Object("toolName", ToolEditor, "parameters", in))
	case hostfacts.ActEdit:
		in := payload.Object("new_text", s.New, "old_text", s.Old, "path", payload.Absolute(s.Path))
		return payload.One(templates(), "PreToolUse-editor", EventPreToolUse, ToolEditor,
			"tool_call", payload.Object("id", "call_1", "name", ToolEditor, "input", in),
			"preToolUse", payload.Object("toolName", ToolEditor, "parameters", in))
	case hostfacts.ActMove:
		return nil, "not measured on Cline CLI: its apply_patch tool was not seen in use", nil
	case hostfacts.ActPrompt:
		return nil, "Cline CLI fires UserPromptSubmit for no prompt (cline --json, --acp and its terminal interface measured)", nil
	case hostfacts.ActStop:
		if s.Active {
			return nil, "Cline CLI's TaskComplete cannot continue the agent, so it is never sent again", nil
		}
		return payload.One(templates(), "TaskComplete", EventTaskComplete, "")
	case hostfacts.ActSessionStart:
		return payload.One(templates(), "TaskStart", EventTaskStart, "")
	case hostfacts.ActPostShell:
		in := payload.Object("commands", []string{s.Command})
		out := []any{map[string]any{"query": s.Command, "result": s.Output, "success": true}}
		enc, _ := payload.Marshal([]string{s.Command})
		res, _ := payload.Marshal(out)
		return payload.One(templates(), "PostToolUse-run_commands", EventPostToolUse, ToolRunCommands,
			"tool_result", payload.Object("id", "call_1", "name", ToolRunCommands, "input", in, "output", out,
				"durationMs", 12, "startedAt", "2026-12-01T19:30:10.175Z", "endedAt", "2026-12-01T19:30:10.187Z"),
			"postToolUse", payload.Object("toolName", ToolRunCommands, "parameters", payload.Object("commands", string(enc)),
				"result", string(res), "success", true, "executionTimeMs", 12))
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		in := payload.Object("new_text", payload.PostContent, "path", p)
		out := payload.Object("query", "edit:"+p, "result", "File created successfully at: "+p, "success", true)
		return payload.One(templates(), "PostToolUse-editor", EventPostToolUse, ToolEditor,
			"tool_result", payload.Object("id", "call_1", "name", ToolEditor, "input", in, "output", out,
				"durationMs", 12, "startedAt", "2026-12-01T19:30:10.175Z", "endedAt", "2026-12-01T19:30:10.187Z"),
			"postToolUse", payload.Object("toolName", ToolEditor, "parameters", in, "result", string(out),
				"success", true, "executionTimeMs", 12))
	}
	return nil, "", nil
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
