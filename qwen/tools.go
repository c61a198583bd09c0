package qwen

import (
	"fmt"

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

// parseTool reads the tool of a tool event. Nothing in tool_input (the
// model's arguments) fails the parse: what cannot be read is
// Tool.InputErr. The arguments are read as Qwen's tools read them
// (JSON.parse: exact keys, the last of duplicates wins).
func parseTool(name string, o *fastjson.Picked) hooks.Tool {
	t := hooks.Tool{Name: name, ID: o.StringAt("tool_use_id"), RawInput: o.RawAt("tool_input")}
	var isObject bool
	t.Input, isObject, t.InputErr = typedInput(name, t.RawInput)
	if !isObject {
		if _, raw := t.Input.(hooks.RawInput); !raw {
			t.InputErr = fmt.Errorf("the tool_input of %s is not a JSON object", name)
		}
	}
	return t
}

// typedInput types the arguments raw of tool name; isObject is false when
// raw is not one JSON object (the typed input is then empty).
func typedInput(name string, raw []byte) (in hooks.ToolInput, isObject bool, err error) {
	path := fastjson.Field{Key: "file_path"}
	switch name {
	case ToolShell:
		cmd := fastjson.Field{Key: "command"}
		dir := fastjson.Field{Key: "directory", Optional: true}
		var desc string
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == "description" {
				desc, _ = v.String()
			}
		}, &cmd, &dir)
		return &hooks.ShellInput{Command: cmd.Value, Cwd: dir.Value, Description: desc}, isObject, fastjson.Errs(name, &cmd, &dir)
	case ToolWrite:
		content := fastjson.Field{Key: "content"}
		isObject = fastjson.Args(raw, nil, &path, &content)
		return &hooks.WriteInput{Path: path.Value, Content: content.Value}, isObject, fastjson.Errs(name, &path, &content)
	case ToolEdit:
		old := fastjson.Field{Key: "old_string", Optional: true}
		next := fastjson.Field{Key: "new_string", Optional: true}
		var all bool
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == "replace_all" {
				all, _ = v.Bool()
			}
		}, &path, &old, &next)
		return &hooks.EditInput{Path: path.Value, Edits: []hooks.TextEdit{{Old: old.Value, New: next.Value, ReplaceAll: all}}}, isObject, fastjson.Errs(name, &path, &old, &next)
	case ToolRead:
		isObject = fastjson.Args(raw, nil, &path)
		return &hooks.ReadInput{Path: path.Value}, isObject, fastjson.Errs(name, &path)
	}
	if server, tool, ok := claudewire.SplitMCP(name); ok {
		return &hooks.MCPInput{Server: server, Tool: tool, Arguments: raw}, true, nil
	}
	return hooks.RawInput(raw), true, nil
}
