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

// tools are Droid's tools and the keys of their arguments. Droid sends
// no tool-call id.
var tools = claudewire.Tools{Shell: ToolExecute, Write: ToolCreate, Edit: ToolEdit, Read: ToolRead,
	Path: "file_path", Old: "old_str", New: "new_str", All: "change_all", ShellInput: shellInput}

// shellInput types Execute's arguments raw.
func shellInput(raw []byte) (in hooks.ToolInput, isObject bool, err error) {
	cmd := fastjson.Field{Key: "command"}
	var summary string
	isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
		if k == "summary" {
			summary, _ = v.String()
		}
	}, &cmd)
	return &hooks.ShellInput{Command: cmd.Value, Description: summary}, isObject, fastjson.Errs(ToolExecute, &cmd)
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
