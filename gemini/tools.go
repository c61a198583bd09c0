package gemini

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// The native inputs of the tools with a unified kind. Fields the unified
// types do not model (a replace's instruction, a shell's is_background, a
// read's start_line, …) stay in the raw input and survive a rewrite.
type (
	shellArgs struct {
		Command     string `json:"command"`
		Description string `json:"description"`
		DirPath     string `json:"dir_path"`
	}
	writeArgs struct {
		FilePath string `json:"file_path"`
		Content  string `json:"content"`
	}
	replaceArgs struct {
		FilePath      string `json:"file_path"`
		OldString     string `json:"old_string"`
		NewString     string `json:"new_string"`
		AllowMultiple bool   `json:"allow_multiple"`
	}
	readArgs struct {
		FilePath string `json:"file_path"`
	}
)

// toolInput types the tool_input raw (a JSON object) of tool name, read
// as Gemini CLI reads it (JSON.parse: exact keys, the last duplicate
// wins). inputErr, when not nil, is the hooks.Tool.InputErr: the field a
// policy judges (a shell command, a file tool's file_path) is missing or
// not a string; typed then holds what could be read. Side fields of the
// wrong type are read as empty.
func toolInput(name string, raw json.RawMessage, mcp *MCPContext) (typed hooks.ToolInput, inputErr error) {
	wrap := func(err error) error {
		if err == nil {
			return nil
		}
		return fmt.Errorf("tool_input of %s: %w", name, err)
	}
	path := fastjson.Field{Key: "file_path"}
	switch name {
	case ToolShell:
		cmd := fastjson.Field{Key: "command"}
		var a shellArgs
		fastjson.Args(raw, func(k string, v fastjson.Value) {
			switch k {
			case "description":
				a.Description, _ = v.String()
			case "dir_path":
				a.DirPath, _ = v.String()
			}
		}, &cmd)
		return &hooks.ShellInput{Command: cmd.Value, Cwd: a.DirPath, Description: a.Description}, wrap(cmd.Err())
	case ToolWrite:
		var content string
		fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == "content" {
				content, _ = v.String()
			}
		}, &path)
		return &hooks.WriteInput{Path: path.Value, Content: content}, wrap(path.Err())
	case ToolReplace:
		var e hooks.TextEdit
		fastjson.Args(raw, func(k string, v fastjson.Value) {
			switch k {
			case "old_string":
				e.Old, _ = v.String()
			case "new_string":
				e.New, _ = v.String()
			case "allow_multiple":
				e.ReplaceAll, _ = v.Bool()
			}
		}, &path)
		return &hooks.EditInput{Path: path.Value, Edits: []hooks.TextEdit{e}}, wrap(path.Err())
	case ToolRead:
		fastjson.Args(raw, nil, &path)
		return &hooks.ReadInput{Path: path.Value}, wrap(path.Err())
	}
	if server, tool, ok := mcpName(name, mcp); ok {
		return &hooks.MCPInput{Server: server, Tool: tool, Arguments: raw}, nil
	}
	return hooks.RawInput(raw), nil
}

// mcpName returns the server and tool of an MCP tool: from mcp_context
// when Gemini sent one, else from the name mcp_<server>_<tool>, split as
// Gemini does on the first "_" after the prefix (neither part empty).
func mcpName(name string, mcp *MCPContext) (server, tool string, ok bool) {
	if mcp != nil && (mcp.ServerName != "" || mcp.ToolName != "") {
		return mcp.ServerName, mcp.ToolName, true
	}
	rest, ok := strings.CutPrefix(name, MCPPrefix)
	if !ok {
		return "", "", false
	}
	server, tool, ok = strings.Cut(rest, "_")
	if !ok || server == "" || tool == "" {
		return "", "", false
	}
	return server, tool, true
}

// nativeInput renders upd as the complete tool_input of t's tool. Gemini
// REPLACES the arguments with what a hook returns, so it starts from t's
// original input and overrides only what upd sets: required fields
// always, optional ones (a shell's description and cwd) when not empty.
// A rewrite of another kind than t's, or one Gemini would reject (no
// command, no path, not exactly one edit), is an error. An MCP rewrite's
// Arguments are the complete arguments (none keeps the original ones); its
// Server and Tool, when set, must name the same tool. A hooks.RawInput is
// taken as the complete native input, for any tool. A shell Timeout has
// no Gemini counterpart and is not written.
func nativeInput(t *hooks.Tool, upd hooks.ToolInput) (json.RawMessage, error) {
	if raw, ok := upd.(hooks.RawInput); ok {
		if !isObject(raw) || !json.Valid(raw) {
			return nil, errors.New("gemini: raw updated input is not a JSON object")
		}
		return json.RawMessage(raw), nil
	}
	if t == nil {
		return nil, errors.New("gemini: updated input on an event without a tool")
	}
	if t.Kind() != upd.Kind() {
		return nil, fmt.Errorf("gemini: updated input of kind %s for tool %s of kind %s", upd.Kind(), t.Name, t.Kind())
	}
	// Raw values keep the original's numbers and nested objects as sent.
	args := map[string]json.RawMessage{}
	if len(t.RawInput) > 0 {
		if err := json.Unmarshal(t.RawInput, &args); err != nil || args == nil {
			return nil, fmt.Errorf("gemini: original input of %s is not a JSON object", t.Name)
		}
	}
	set := func(key string, v any) { args[key], _ = marshal(v) }
	switch u := upd.(type) {
	case *hooks.ShellInput:
		if u == nil || u.Command == "" {
			return nil, errors.New("gemini: shell rewrite without a command")
		}
		set("command", u.Command)
		if u.Description != "" {
			set("description", u.Description)
		}
		if u.Cwd != "" {
			set("dir_path", u.Cwd)
		}
	case *hooks.WriteInput:
		if u == nil || u.Path == "" {
			return nil, errors.New("gemini: write rewrite without a path")
		}
		set("file_path", u.Path)
		set("content", u.Content)
	case *hooks.EditInput:
		if u == nil || u.Path == "" {
			return nil, errors.New("gemini: edit rewrite without a path")
		}
		if len(u.Edits) != 1 {
			return nil, fmt.Errorf("gemini: replace takes exactly one edit, the rewrite has %d", len(u.Edits))
		}
		e := u.Edits[0]
		set("file_path", u.Path)
		set("old_string", e.Old)
		set("new_string", e.New)
		if _, had := args["allow_multiple"]; had || e.ReplaceAll {
			set("allow_multiple", e.ReplaceAll)
		}
	case *hooks.ReadInput:
		if u == nil || u.Path == "" {
			return nil, errors.New("gemini: read rewrite without a path")
		}
		set("file_path", u.Path)
	case *hooks.MCPInput:
		if u == nil {
			return nil, errors.New("gemini: nil MCP rewrite")
		}
		orig, _ := t.Input.(*hooks.MCPInput)
		if orig != nil && (u.Server != "" && u.Server != orig.Server || u.Tool != "" && u.Tool != orig.Tool) {
			return nil, fmt.Errorf("gemini: a rewrite cannot change the MCP tool %s_%s into %s_%s", orig.Server, orig.Tool, u.Server, u.Tool)
		}
		if len(u.Arguments) == 0 {
			return t.RawInput, nil
		}
		if !isObject(u.Arguments) || !json.Valid(u.Arguments) {
			return nil, errors.New("gemini: MCP rewrite arguments are not a JSON object")
		}
		return u.Arguments, nil
	default:
		return nil, fmt.Errorf("gemini: cannot rewrite %s input %T", t.Name, upd)
	}
	return marshal(args)
}
