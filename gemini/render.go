package hookstest

import (
	"path"
	"strings"

	"github.com/agenthooks/hooks"
)

// renderGemini renders s as Gemini CLI 0.61 sends it: BeforeTool and
// AfterTool with tools run_shell_command, read_file, write_file and
// replace, file paths as the model wrote them (relative), BeforeAgent for
// a prompt and AfterAgent for a stop.
func renderGemini(s Scenario) ([]rendered, string, error) {
	const h hooks.Host = "gemini"
	if s.permission {
		return nil, "Gemini CLI has no permission-request hook", nil
	}
	switch s.act {
	case actShell:
		return one(h, "BeforeTool-run_shell_command", "BeforeTool", "run_shell_command",
			"tool_input", object("command", s.command, "description", "Run the command"))
	case actRead:
		return one(h, "BeforeTool-read_file", "BeforeTool", "read_file", "tool_input", object("file_path", s.path))
	case actWrite:
		return one(h, "BeforeTool-write_file", "BeforeTool", "write_file",
			"tool_input", object("file_path", s.path, "content", s.content))
	case actEdit:
		return one(h, "BeforeTool-replace", "BeforeTool", "replace",
			"tool_input", object("file_path", s.path, "old_string", s.old, "new_string", s.new, "instruction", "Apply the change"))
	case actDelete:
		return nil, "Gemini CLI has no delete tool (it deletes through the shell: use Shell)", nil
	case actMove:
		return nil, "Gemini CLI has no patch tool (a move is a shell `mv`: use Shell)", nil
	case actPrompt:
		return one(h, "BeforeAgent", "BeforeAgent", "", "prompt", s.prompt)
	case actStop:
		return one(h, "AfterAgent", "AfterAgent", "", "stop_hook_active", s.active)
	case actSessionStart:
		return one(h, "SessionStart", "SessionStart", "")
	case actPostShell:
		llm := "<untrusted_context>\nOutput: " + strings.TrimSuffix(s.output, "\n") + "\nProcess Group PGID: 4242\n</untrusted_context>"
		return one(h, "AfterTool-run_shell_command", "AfterTool", "run_shell_command",
			"tool_input", object("command", s.command, "description", "Run the command"),
			"tool_response", object("llmContent", llm, "returnDisplay", strings.TrimSuffix(s.output, "\n")))
	case actPostWrite:
		p := absolute(s.path)
		return one(h, "AfterTool-write_file", "AfterTool", "write_file",
			"tool_input", object("file_path", s.path, "content", postContent),
			"tool_response", object(
				"llmContent", "Successfully created and wrote to new file: "+p+".",
				"returnDisplay", object("fileDiff", lines("+", postContent), "fileName", path.Base(p), "filePath", p,
					"originalContent", "", "newContent", postContent, "isNewFile", true)))
	}
	return nil, "", nil
}
