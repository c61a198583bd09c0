package hookstest

import "github.com/agenthooks/hooks"

// renderDroid renders s as Factory Droid 0.225.2 sends it (droid exec):
// PreToolUse and PostToolUse with tools Execute, Read, Create and Edit
// (absolute paths; PostToolUse's tool_response is a string), Stop,
// SessionStart. Droid has no permission-request hook, no patch tool, and
// fires no UserPromptSubmit in droid exec.
func renderDroid(s Scenario) ([]rendered, string, error) {
	const h hooks.Host = "droid"
	if s.permission {
		return nil, "Factory Droid has no permission-request hook", nil
	}
	shell := object("summary", "Run the command", "command", s.command)
	switch s.act {
	case actShell:
		return one(h, "PreToolUse-Execute", "PreToolUse", "Execute", "tool_input", shell)
	case actRead:
		return one(h, "PreToolUse-Read", "PreToolUse", "Read", "tool_input", object("file_path", absolute(s.path)))
	case actWrite:
		return one(h, "PreToolUse-Create", "PreToolUse", "Create",
			"tool_input", object("file_path", absolute(s.path), "content", s.content))
	case actEdit:
		return one(h, "PreToolUse-Edit", "PreToolUse", "Edit",
			"tool_input", object("file_path", absolute(s.path), "old_str", s.old, "new_str", s.new))
	case actMove:
		return nil, "Factory Droid has no patch tool (a move is a shell `mv`: use Shell)", nil
	case actPrompt:
		return nil, "Factory Droid fires no UserPromptSubmit in droid exec", nil
	case actStop:
		return one(h, "Stop", "Stop", "", "stop_hook_active", s.active)
	case actSessionStart:
		return one(h, "SessionStart", "SessionStart", "")
	case actPostShell:
		return one(h, "PostToolUse-Execute", "PostToolUse", "Execute", "tool_input", shell,
			"tool_response", s.output+"\n[Process exited with code 0]")
	case actPostWrite:
		p := absolute(s.path)
		resp, _ := marshal(object("success", true, "file_path", p))
		return one(h, "PostToolUse-Create", "PostToolUse", "Create",
			"tool_input", object("file_path", p, "content", postContent), "tool_response", string(resp))
	}
	return nil, "", nil
}
