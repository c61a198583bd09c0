package gemini

import (
	"embed"
	"encoding/json"
	"io/fs"
	"path"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as Gemini CLI 0.61 sends it: BeforeTool and
// AfterTool with tools run_shell_command, read_file, write_file and
// replace, file paths as the model wrote them (relative), BeforeAgent for
// a prompt and AfterAgent for a stop, BeforeModel, AfterModel and
// BeforeToolSelection for the model-level acts.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission {
		return nil, "Gemini CLI has no permission-request hook", nil
	}
	switch s.Kind {
	case hostfacts.ActShell:
		return payload.One(templates(), "BeforeTool-run_shell_command", "BeforeTool", "run_shell_command",
			"tool_input", payload.Object("command", s.Command, "description", "Run the command"))
	case hostfacts.ActRead:
		return payload.One(templates(), "BeforeTool-read_file", "BeforeTool", "read_file", "tool_input", payload.Object("file_path", s.Path))
	case hostfacts.ActWrite:
		return payload.One(templates(), "BeforeTool-write_file", "BeforeTool", "write_file",
			"tool_input", payload.Object("file_path", s.Path, "content", s.Content))
	case hostfacts.ActEdit:
		return payload.One(templates(), "BeforeTool-replace", "BeforeTool", "replace",
			"tool_input", payload.Object("file_path", s.Path, "old_string", s.Old, "new_string", s.New, "instruction", "Apply the change"))
	case hostfacts.ActDelete:
		return nil, "Gemini CLI has no delete tool (it deletes through the shell: use Shell)", nil
	case hostfacts.ActMove:
		return nil, "Gemini CLI has no patch tool (a move is a shell `mv`: use Shell)", nil
	case hostfacts.ActPrompt:
		return payload.One(templates(), "BeforeAgent", "BeforeAgent", "", "prompt", s.Prompt)
	case hostfacts.ActStop:
		return payload.One(templates(), "AfterAgent", "AfterAgent", "", "stop_hook_active", s.Active)
	case hostfacts.ActSessionStart:
		return payload.One(templates(), "SessionStart", "SessionStart", "")
	case hostfacts.ActPostShell:
		llm := "<untrusted_context>\nOutput: " + strings.TrimSuffix(s.Output, "\n") + "\nProcess Group PGID: 4242\n</untrusted_context>"
		return payload.One(templates(), "AfterTool-run_shell_command", "AfterTool", "run_shell_command",
			"tool_input", payload.Object("command", s.Command, "description", "Run the command"),
			"tool_response", payload.Object("llmContent", llm, "returnDisplay", strings.TrimSuffix(s.Output, "\n")))
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		return payload.One(templates(), "AfterTool-write_file", "AfterTool", "write_file",
			"tool_input", payload.Object("file_path", s.Path, "content", payload.PostContent),
			"tool_response", payload.Object(
				"llmContent", "Successfully created and wrote to new file: "+p+".",
				"returnDisplay", payload.Object("fileDiff", payload.Lines("+", payload.PostContent), "fileName", path.Base(p), "filePath", p,
					"originalContent", "", "newContent", payload.PostContent, "isNewFile", true)))
	case hostfacts.ActModelRequest:
		return payload.One(templates(), "BeforeModel", "BeforeModel", "", "llm_request", llmRequestOf(s.Prompt))
	case hostfacts.ActModelResponse:
		return payload.One(templates(), "AfterModel", "AfterModel", "", "llm_request", llmRequestOf("Run echo hi"),
			"llm_response", payload.Object("text", s.Output, "candidates", []any{payload.Object(
				"content", payload.Object("role", "model", "parts", []string{s.Output}), "finishReason", "STOP", "index", 0)},
				"usageMetadata", json.RawMessage(`{"promptTokenCount":10,"candidatesTokenCount":5,"totalTokenCount":15}`)))
	case hostfacts.ActToolSelection:
		return payload.One(templates(), "BeforeToolSelection", "BeforeToolSelection", "")
	}
	return nil, "", nil
}

// llmRequestOf is the llm_request of a model call whose one message is
// the user's prompt.
func llmRequestOf(prompt string) json.RawMessage {
	return payload.Object("model", "gemini-2.5-flash", "messages", []any{payload.Object("role", "user", "content", prompt)},
		"config", json.RawMessage(`{"temperature":1,"topP":0.95,"topK":64}`))
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
