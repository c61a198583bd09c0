package hookstest

import "github.com/agenthooks/hooks"

// renderQwen renders s as Qwen Code 0.24.4 sends it: PreToolUse and
// PostToolUse with tools run_shell_command, read_file, write_file and edit
// (Claude's argument names, absolute paths), UserPromptSubmit, Stop,
// SessionStart. Qwen has no permission-request hook headless and no patch
// tool.
func renderQwen(s Scenario) ([]rendered, string, error) {
	const h hooks.Host = "qwen"
	if s.permission {
		return nil, "Qwen Code's PermissionRequest does not fire headless", nil
	}
	shell := object("command", s.command, "description", "Run the command", "is_background", false)
	switch s.act {
	case actShell:
		return one(h, "PreToolUse-run_shell_command", "PreToolUse", "run_shell_command", "tool_input", shell)
	case actRead:
		return one(h, "PreToolUse-read_file", "PreToolUse", "read_file", "tool_input", object("file_path", absolute(s.path)))
	case actWrite:
		return one(h, "PreToolUse-write_file", "PreToolUse", "write_file",
			"tool_input", object("file_path", absolute(s.path), "content", s.content))
	case actEdit:
		return one(h, "PreToolUse-edit", "PreToolUse", "edit",
			"tool_input", object("file_path", absolute(s.path), "old_string", s.old, "new_string", s.new))
	case actMove:
		return nil, "Qwen Code has no patch tool (a move is a shell `mv`: use Shell)", nil
	case actPrompt:
		return one(h, "UserPromptSubmit", "UserPromptSubmit", "", "prompt", s.prompt, "submitted_prompt", s.prompt)
	case actStop:
		return one(h, "Stop", "Stop", "", "stop_hook_active", s.active)
	case actSessionStart:
		return one(h, "SessionStart", "SessionStart", "")
	case actPostShell:
		llm := "Command: " + s.command + "\nDirectory: (root)\nOutput: " + s.output + "\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: (none)"
		return one(h, "PostToolUse-run_shell_command", "PostToolUse", "run_shell_command", "tool_input", shell,
			"tool_response", object("llmContent", llm, "returnDisplay", ""))
	case actPostWrite:
		p := absolute(s.path)
		return one(h, "PostToolUse-write_file", "PostToolUse", "write_file",
			"tool_input", object("file_path", p, "content", postContent),
			"tool_response", object("llmContent", "Successfully created and wrote to new file: "+p+".", "returnDisplay", ""))
	}
	return nil, "", nil
}
