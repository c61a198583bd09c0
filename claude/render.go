package hookstest

import "github.com/agenthooks/hooks"

// renderClaude renders s as Claude Code 2.1 sends it: tools Bash, Read,
// Write, Edit with absolute file paths; PermissionRequest has no
// tool_use_id.
func renderClaude(s Scenario) ([]rendered, string, error) {
	const h hooks.Host = "claude"
	ev := "PreToolUse"
	if s.permission {
		ev = "PermissionRequest"
	}
	switch s.act {
	case actShell:
		return one(h, ev+"-Bash", ev, "Bash",
			"tool_input", object("command", s.command, "description", "Run the command"))
	case actRead:
		return one(h, "PreToolUse-Read", ev, "Read", "tool_input", object("file_path", absolute(s.path)))
	case actWrite:
		return one(h, ev+"-Write", ev, "Write",
			"tool_input", object("file_path", absolute(s.path), "content", s.content))
	case actEdit:
		in := object("file_path", absolute(s.path), "old_string", s.old, "new_string", s.new, "replace_all", false)
		if s.permission {
			return one(h, "PermissionRequest-Write", ev, "Edit", "tool_name", "Edit", "tool_input", in)
		}
		return one(h, "PreToolUse-Edit", ev, "Edit", "tool_input", in)
	case actDelete:
		return nil, "Claude Code has no delete tool (it deletes through the shell: use Shell)", nil
	case actMove:
		return nil, "Claude Code has no patch tool (a move is a shell `mv`: use Shell)", nil
	case actPrompt:
		return one(h, "UserPromptSubmit", "UserPromptSubmit", "", "prompt", s.prompt)
	case actStop:
		return one(h, "Stop", "Stop", "", "stop_hook_active", s.active)
	case actSessionStart:
		return one(h, "SessionStart", "SessionStart", "")
	case actPostShell:
		return one(h, "PostToolUse-Bash", "PostToolUse", "Bash",
			"tool_input", object("command", s.command, "description", "Run the command"),
			"tool_response", object("stdout", s.output, "stderr", "", "interrupted", false, "isImage", false, "noOutputExpected", false))
	case actPostWrite:
		p := absolute(s.path)
		return one(h, "PostToolUse-Write", "PostToolUse", "Write",
			"tool_input", object("file_path", p, "content", postContent),
			"tool_response", object("type", "create", "filePath", p, "content", postContent,
				"structuredPatch", []any{}, "originalFile", nil, "userModified", false))
	}
	return nil, "", nil
}
