package claudewire

import (
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Tools are the facts in which a Claude-like host's file and shell tools
// differ from another's: their names, the keys of their arguments, and
// how the host's shell tool reads its own. Each host's package states its
// own in a package-level value of constants and one function (nothing to
// build at start-up), with the evidence beside it. The tools' arguments
// are read as the hosts, JavaScript programs, read them (JSON.parse:
// exact keys, the last of duplicates wins).
type Tools struct {
	// Shell, Write, Edit and Read are the names of the host's tools that
	// run a command, write a file, replace text in a file and read one.
	Shell, Write, Edit, Read string
	// Path is the key of the file's path in Write, Edit and Read.
	Path string
	// Old, New and All are Edit's keys of the text replaced, its
	// replacement and the flag to replace every occurrence.
	Old, New, All string
	// ID is the payload's key of a tool call's id ("" where the host
	// sends none).
	ID string
	// ShellInput types the arguments raw of the shell tool, which each
	// host reads its own way; isObject and err are as in [Tools.Input].
	ShellInput func(raw []byte) (in hooks.ToolInput, isObject bool, err error)
}

// Tool reads the tool of a tool event: its name, the call's id (empty
// where the host sends none) and its arguments raw (tool_input), typed by
// [Tools.Input]. Nothing in raw, the model's arguments, fails the parse:
// what cannot be read is Tool.InputErr.
func (t *Tools) Tool(name, id string, raw []byte) hooks.Tool {
	tool := hooks.Tool{Name: name, ID: id, RawInput: raw}
	var isObject bool
	tool.Input, isObject, tool.InputErr = t.Input(name, raw)
	if !isObject {
		if _, isRaw := tool.Input.(hooks.RawInput); !isRaw {
			tool.InputErr = fmt.Errorf("the tool_input of %s is not a JSON object", name)
		}
	}
	return tool
}

// Input types the arguments raw of tool name: a *hooks.ShellInput,
// *hooks.WriteInput, *hooks.EditInput or *hooks.ReadInput for the host's
// own tools, a *hooks.MCPInput for an MCP tool (see [SplitMCP]), else
// hooks.RawInput. isObject is false when raw is not one JSON object (the
// typed input is then empty); err says which field a policy reads is
// missing, of the wrong type or ambiguous.
func (t *Tools) Input(name string, raw []byte) (in hooks.ToolInput, isObject bool, err error) {
	path := fastjson.Field{Key: t.Path}
	switch name {
	case t.Shell:
		return t.ShellInput(raw)
	case t.Write:
		content := fastjson.Field{Key: "content"}
		isObject = fastjson.Args(raw, nil, &path, &content)
		return &hooks.WriteInput{Path: path.Value, Content: content.Value}, isObject, fastjson.Errs(name, &path, &content)
	case t.Edit:
		old := fastjson.Field{Key: t.Old, Optional: true}
		next := fastjson.Field{Key: t.New, Optional: true}
		var all bool
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == t.All {
				all, _ = v.Bool()
			}
		}, &path, &old, &next)
		return &hooks.EditInput{Path: path.Value, Edits: []hooks.TextEdit{{Old: old.Value, New: next.Value, ReplaceAll: all}}}, isObject, fastjson.Errs(name, &path, &old, &next)
	case t.Read:
		isObject = fastjson.Args(raw, nil, &path)
		return &hooks.ReadInput{Path: path.Value}, isObject, fastjson.Errs(name, &path)
	}
	if server, tool, ok := SplitMCP(name); ok {
		return &hooks.MCPInput{Server: server, Tool: tool, Arguments: raw}, true, nil
	}
	return hooks.RawInput(raw), true, nil
}
