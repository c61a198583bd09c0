package qwen

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/jsonobj"
)

// Qwen Code's tools with a unified kind (a model's "replace" call reaches
// hooks as "edit").
const (
	ToolShell = "run_shell_command" // {command, description, is_background, timeout?, directory?}
	ToolWrite = "write_file"        // {file_path, content}
	ToolEdit  = "edit"              // {file_path, old_string, new_string, replace_all?}
	ToolRead  = "read_file"         // {file_path, offset?, limit?}
)

// mcpPrefix starts an MCP tool's name, mcp__<server>__<tool> (Qwen's
// documentation; not seen in a capture).
const mcpPrefix = "mcp__"

// parseTool reads the tool of a tool event. Nothing in tool_input (the
// model's arguments) fails the parse: what cannot be read is
// Tool.InputErr.
func parseTool(name string, o jsonobj.Object) hooks.Tool {
	t := hooks.Tool{Name: name, ID: o.String("tool_use_id"), RawInput: o.Raw("tool_input")}
	args, err := jsonobj.Parse(t.RawInput)
	if err != nil {
		args = jsonobj.Object{}
	}
	t.Input, t.InputErr = typedInput(name, args, t.RawInput)
	if err != nil {
		if _, raw := t.Input.(hooks.RawInput); !raw {
			t.InputErr = fmt.Errorf("the tool_input of %s is not a JSON object", name)
		}
	}
	return t
}

func typedInput(name string, args jsonobj.Object, raw []byte) (hooks.ToolInput, error) {
	var errs []error
	need := func(key string) string {
		s, err := args.Required(key)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
		return s
	}
	optional := func(key string) string {
		s, err := args.Optional(key)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
		return s
	}
	var in hooks.ToolInput
	switch name {
	case ToolShell:
		in = &hooks.ShellInput{Command: need("command"), Cwd: optional("directory"), Description: args.String("description")}
	case ToolWrite:
		in = &hooks.WriteInput{Path: need("file_path"), Content: need("content")}
	case ToolEdit:
		in = &hooks.EditInput{Path: need("file_path"), Edits: []hooks.TextEdit{{Old: optional("old_string"), New: optional("new_string"), ReplaceAll: args.Bool("replace_all")}}}
	case ToolRead:
		in = &hooks.ReadInput{Path: need("file_path")}
	default:
		if server, tool, ok := splitMCP(name); ok {
			return &hooks.MCPInput{Server: server, Tool: tool, Arguments: raw}, nil
		}
		return hooks.RawInput(raw), nil
	}
	return in, errors.Join(errs...)
}

// splitMCP splits mcp__<server>__<tool>.
func splitMCP(name string) (server, tool string, ok bool) {
	rest, found := strings.CutPrefix(name, mcpPrefix)
	if !found {
		return "", "", false
	}
	server, tool, found = strings.Cut(rest, "__")
	return server, tool, found && server != "" && tool != ""
}
