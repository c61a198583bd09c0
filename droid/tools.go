package droid

import (
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Droid's tools with a unified kind. Hook matchers use these exact names:
// Claude's Bash or Write match nothing.
const (
	ToolExecute = "Execute" // {summary, command, timeout?, fireAndForget?, riskLevel?, riskLevelReason?}
	ToolCreate  = "Create"  // {file_path, content}
	ToolEdit    = "Edit"    // {file_path, old_str, new_str, change_all?}
	ToolRead    = "Read"    // {file_path, offset?, limit?}
)

// An MCP tool is named as in Claude Code, mcp__<server>__<tool>
// (claudewire.SplitMCP; Factory's Claude-compatible documentation; not
// seen in a capture).

// parseTool reads the tool of a tool event. Nothing in tool_input (the
// model's arguments) fails the parse: what cannot be read is
// Tool.InputErr. Droid sends no tool-call id. The arguments are read as
// Droid's tools read them (JSON.parse: exact keys, the last of duplicates
// wins).
func parseTool(name string, o *fastjson.Picked) hooks.Tool {
	t := hooks.Tool{Name: name, RawInput: o.RawAt("tool_input")}
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
	case ToolExecute:
		cmd := fastjson.Field{Key: "command"}
		var summary string
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == "summary" {
				summary, _ = v.String()
			}
		}, &cmd)
		return &hooks.ShellInput{Command: cmd.Value, Description: summary}, isObject, fastjson.Errs(name, &cmd)
	case ToolCreate:
		content := fastjson.Field{Key: "content"}
		isObject = fastjson.Args(raw, nil, &path, &content)
		return &hooks.WriteInput{Path: path.Value, Content: content.Value}, isObject, fastjson.Errs(name, &path, &content)
	case ToolEdit:
		old := fastjson.Field{Key: "old_str", Optional: true}
		next := fastjson.Field{Key: "new_str", Optional: true}
		var all bool
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == "change_all" {
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

// nativeInput renders an updated input as the tool's complete input: the
// original with the typed fields written over it, so that fields the
// unified types do not model (summary, riskLevel, …) survive. A
// hooks.RawInput is sent unchanged.
func nativeInput(t *hooks.Tool, in hooks.ToolInput) ([]byte, error) {
	if raw, ok := in.(hooks.RawInput); ok {
		if _, ok := fastjson.Object(raw); !ok {
			return nil, fmt.Errorf("updated input for %s: a raw input must be a JSON object", t.Name)
		}
		return raw, nil
	}
	orig, _ := fastjson.Object(t.RawInput)
	wrong := func() error { return fmt.Errorf("updated input of kind %s for tool %s", in.Kind(), t.Name) }
	set := map[string]any{}
	switch t.Name {
	case ToolExecute:
		s, ok := in.(*hooks.ShellInput)
		switch {
		case !ok || s == nil:
			return nil, wrong()
		case s.Command == "":
			return nil, errors.New("updated input for Execute: empty command")
		case s.Cwd != "" || s.Timeout != 0:
			return nil, errors.New("updated input for Execute: a cwd or timeout cannot be set; put them in the command")
		}
		set["command"] = s.Command
		if s.Description != "" {
			set["summary"] = s.Description
		}
	case ToolCreate:
		w, ok := in.(*hooks.WriteInput)
		if !ok || w == nil {
			return nil, wrong()
		}
		if w.Path == "" {
			return nil, errors.New("updated input for Create: empty path")
		}
		set["file_path"], set["content"] = w.Path, w.Content
	case ToolEdit:
		e, ok := in.(*hooks.EditInput)
		if !ok || e == nil {
			return nil, wrong()
		}
		if e.Path == "" || len(e.Edits) != 1 {
			return nil, errors.New("updated input for Edit: need a path and exactly one edit")
		}
		set["file_path"], set["old_str"], set["new_str"] = e.Path, e.Edits[0].Old, e.Edits[0].New
		if e.Edits[0].ReplaceAll || orig.Value().Has("change_all") {
			set["change_all"] = e.Edits[0].ReplaceAll
		}
	case ToolRead:
		r, ok := in.(*hooks.ReadInput)
		if !ok || r == nil {
			return nil, wrong()
		}
		if r.Path == "" {
			return nil, errors.New("updated input for Read: empty path")
		}
		set["file_path"] = r.Path
	default:
		server, tool, isMCP := claudewire.SplitMCP(t.Name)
		m, ok := in.(*hooks.MCPInput)
		if !isMCP || !ok || m == nil {
			return nil, fmt.Errorf("updated input for %s: the tool has no typed input, use hooks.RawInput", t.Name)
		}
		if (m.Server != "" && m.Server != server) || (m.Tool != "" && m.Tool != tool) {
			return nil, fmt.Errorf("updated input for %s: cannot switch to MCP tool %s/%s", t.Name, m.Server, m.Tool)
		}
		if _, ok := fastjson.Object(m.Arguments); !ok {
			return nil, fmt.Errorf("updated input for %s: arguments must be a JSON object", t.Name)
		}
		return m.Arguments, nil
	}
	return fastjson.Merge(t.RawInput, set)
}
