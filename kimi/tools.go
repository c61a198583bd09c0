package kimi

import (
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

// tools are Kimi Code's tools, the keys of their arguments, and the key
// of a call's id (tool_call_id).
var tools = claudewire.Tools{Shell: ToolBash, Write: ToolWrite, Edit: ToolEdit, Read: ToolRead,
	Path: "path", Old: "old_string", New: "new_string", All: "replace_all", ID: "tool_call_id", ShellInput: shellInput}

// shellInput types Bash's arguments raw.
func shellInput(raw []byte) (in hooks.ToolInput, isObject bool, err error) {
	cmd := fastjson.Field{Key: "command"}
	// A cwd that is not a string fails Kimi's own schema check: the call
	// does not run, so it is a side field here.
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
	return &hooks.ShellInput{Command: cmd.Value, Cwd: dir, Timeout: timeout, Description: desc}, isObject, fastjson.Errs(ToolBash, &cmd)
}
