package kimi

import (
	"fmt"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Kimi Code's tools with a unified kind (2.1.0 bundle). Their arguments
// name a file "path", not Claude Code's "file_path".
const (
	ToolBash  = "Bash"  // {command, cwd?, timeout?, description?, run_in_background?, disable_timeout?}
	ToolWrite = "Write" // {path, content, mode?: "overwrite" | "append"}
	ToolEdit  = "Edit"  // {path, old_string, new_string, replace_all?}
	ToolRead  = "Read"  // {path, line_offset?, n_lines?, …}
)

// An MCP tool is named mcp__<server>__<tool>, the prefix the bundle uses
// (claudewire.SplitMCP; not seen in a capture).

// parseTool reads the tool of a tool event: its name, the call's
// tool_call_id, and its arguments (tool_input). Nothing in tool_input
// (the model's arguments) fails the parse: what cannot be read is
// Tool.InputErr. The arguments are read as Kimi, a JavaScript program,
// reads them (JSON.parse: exact keys, the last of duplicates wins).
func parseTool(name string, o *fastjson.Picked) hooks.Tool {
	t := hooks.Tool{Name: name, ID: o.StringAt("tool_call_id"), RawInput: o.RawAt("tool_input")}
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
	path := fastjson.Field{Key: "path"}
	switch name {
	case ToolBash:
		cmd := fastjson.Field{Key: "command"}
		// A cwd that is not a string fails Kimi's own schema check: the
		// call does not run, so it is a side field here.
		var desc, dir string
		var timeout time.Duration
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			switch k {
			case "description":
				desc, _ = v.String()
			case "cwd":
				dir, _ = v.String()
			case "timeout":
				timeout = 0
				if n, ok := v.Int(); ok && n > 0 {
					timeout = time.Duration(n) * time.Second
				}
			}
		}, &cmd)
		return &hooks.ShellInput{Command: cmd.Value, Cwd: dir, Timeout: timeout, Description: desc}, isObject, fastjson.Errs(name, &cmd)
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
