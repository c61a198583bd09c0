package qwen

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Qwen Code's tools with a unified kind (a model's "replace" call reaches
// hooks as "edit").
const (
	ToolShell = "run_shell_command" // {command, description, is_background, timeout?, directory?}
	ToolWrite = "write_file"        // {file_path, content}
	ToolEdit  = "edit"              // {file_path, old_string, new_string, replace_all?}
	ToolRead  = "read_file"         // {file_path, offset?, limit?}
)

// An MCP tool is named as in Claude Code, mcp__<server>__<tool>
// (claudewire.SplitMCP; Qwen's documentation; not seen in a capture).

// tools are Qwen Code's tools, the keys of their arguments (Claude
// Code's), and the key of a call's id (tool_use_id).
var tools = claudewire.Tools{Shell: ToolShell, Write: ToolWrite, Edit: ToolEdit, Read: ToolRead,
	Path: "file_path", Old: "old_string", New: "new_string", All: "replace_all", ID: "tool_use_id", ShellInput: shellInput}

// shellInput types run_shell_command's arguments raw.
func shellInput(raw []byte) (in hooks.ToolInput, isObject bool, err error) {
	cmd := fastjson.Field{Key: "command"}
	dir := fastjson.Field{Key: "directory", Optional: true}
	var desc string
	isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
		if k == "description" {
			desc, _ = v.String()
		}
	}, &cmd, &dir)
	return &hooks.ShellInput{Command: cmd.Value, Cwd: dir.Value, Description: desc}, isObject, fastjson.Errs(ToolShell, &cmd, &dir)
}
