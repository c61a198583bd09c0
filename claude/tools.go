package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Native names of the tools that have a unified kind.
const (
	ToolBash      = "Bash"
	ToolWrite     = "Write"
	ToolEdit      = "Edit"
	ToolMultiEdit = "MultiEdit"
	ToolRead      = "Read"
)

// BashInput is the native input of the Bash tool.
type BashInput struct {
	Command     string `json:"command"`
	Description string `json:"description,omitempty"`
	// Timeout is in milliseconds.
	Timeout         float64 `json:"timeout,omitempty"`
	RunInBackground bool    `json:"run_in_background,omitempty"`
}

// WriteInput is the native input of the Write tool.
type WriteInput struct {
	FilePath string `json:"file_path"`
	Content  string `json:"content"`
}

// EditInput is the native input of the Edit tool.
type EditInput struct {
	FilePath   string `json:"file_path"`
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all"`
}

// MultiEditInput is the native input of the MultiEdit tool.
type MultiEditInput struct {
	FilePath string   `json:"file_path"`
	Edits    []EditOp `json:"edits"`
}

// EditOp is one edit of a MultiEdit.
type EditOp struct {
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all,omitempty"`
}

// ReadInput is the native input of the Read tool (offset, limit and pages
// are kept in the raw input).
type ReadInput struct {
	FilePath string `json:"file_path"`
}

// SplitMCPName splits an MCP tool name "mcp__<server>__<tool>" the way
// Claude Code does: the server is the part before the second "__", the
// tool everything after it. ok is false for any other name.
func SplitMCPName(name string) (server, tool string, ok bool) {
	return claudewire.SplitMCP(name)
}

// MCPName returns Claude's name for an MCP server's tool.
func MCPName(server, tool string) string { return claudewire.MCPName(server, tool) }

// isObject reports whether raw is a JSON object.
func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	return len(raw) > 0 && raw[0] == '{'
}

// isNull reports whether raw is absent or JSON null.
func isNull(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) == 0 || string(raw) == "null"
}

// parseToolInput returns the typed form of a tool's native input, read as
// Claude Code reads it (JSON.parse: exact keys, the last duplicate wins).
// inputErr, when not nil, is the hooks.Tool.InputErr: a field a policy
// judges (Bash command, a file tool's file_path) is missing or not a
// string, or the input is not an object; typed then holds what could be
// read. Side fields of the wrong type are read as empty.
//
// read, when the fast reader found raw, is raw inside the payload's text:
// its arguments are read from there, not from a copy.
func parseToolInput(name string, raw json.RawMessage, read fastjson.Value) (typed hooks.ToolInput, inputErr error) {
	obj := raw
	if isNull(raw) {
		obj = json.RawMessage("{}")
	}
	wrap := func(err error) error {
		if err == nil {
			return nil
		}
		return fmt.Errorf("tool_input of %s: %w", name, err)
	}
	var notObject error
	if !isObject(obj) {
		notObject = fmt.Errorf("tool_input of %s is not a JSON object", name)
		obj = json.RawMessage("{}")
	}
	args := func(side func(string, fastjson.Value), fields ...*fastjson.Field) {
		if notObject != nil || !read.Args(side, fields...) {
			fastjson.Args(obj, side, fields...)
		}
	}
	path := fastjson.Field{Key: "file_path"}
	switch name {
	case ToolBash:
		cmd := fastjson.Field{Key: "command"}
		var b BashInput
		args(func(k string, v fastjson.Value) {
			switch k {
			case "description":
				b.Description, _ = v.String()
			case "timeout":
				b.Timeout, _ = v.Float()
			case "run_in_background":
				b.RunInBackground, _ = v.Bool()
			}
		}, &cmd)
		return &hooks.ShellInput{Command: cmd.Value, Description: b.Description, Timeout: msDuration(b.Timeout)}, firstErr(notObject, wrap(cmd.Err()))
	case ToolWrite:
		var content string
		args(func(k string, v fastjson.Value) {
			if k == "content" {
				content, _ = v.String()
			}
		}, &path)
		return &hooks.WriteInput{Path: path.Value, Content: content}, firstErr(notObject, wrap(path.Err()))
	case ToolEdit:
		var e hooks.TextEdit
		args(func(k string, v fastjson.Value) { readEdit(&e, k, v) }, &path)
		return &hooks.EditInput{Path: path.Value, Edits: []hooks.TextEdit{e}}, firstErr(notObject, wrap(path.Err()))
	case ToolMultiEdit:
		var edits []hooks.TextEdit
		args(func(k string, v fastjson.Value) {
			if k != "edits" {
				return
			}
			edits = edits[:0]
			v.Elements(func(el fastjson.Value) bool {
				var e hooks.TextEdit
				el.Members(func(k string, v fastjson.Value) bool { readEdit(&e, k, v); return true })
				edits = append(edits, e)
				return true
			})
		}, &path)
		if edits == nil {
			edits = []hooks.TextEdit{}
		}
		return &hooks.EditInput{Path: path.Value, Edits: edits}, firstErr(notObject, wrap(path.Err()))
	case ToolRead:
		args(nil, &path)
		return &hooks.ReadInput{Path: path.Value}, firstErr(notObject, wrap(path.Err()))
	}
	if server, tool, ok := SplitMCPName(name); ok {
		return &hooks.MCPInput{Server: server, Tool: tool, Arguments: orNil(raw)}, notObject
	}
	return hooks.RawInput(orNil(raw)), notObject
}

// readEdit reads one member of an Edit input or of a MultiEdit edit.
func readEdit(e *hooks.TextEdit, k string, v fastjson.Value) {
	switch k {
	case "old_string":
		e.Old, _ = v.String()
	case "new_string":
		e.New, _ = v.String()
	case "replace_all":
		e.ReplaceAll, _ = v.Bool()
	}
}

// firstErr returns the first error that is not nil.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// msDuration converts Claude's millisecond timeout; 0 or less is unset.
func msDuration(ms float64) time.Duration {
	if !(ms > 0) { // also NaN
		return 0
	}
	if ms >= float64(math.MaxInt64/int64(time.Millisecond)) {
		return time.Duration(math.MaxInt64)
	}
	return time.Duration(ms * float64(time.Millisecond))
}

// orNil is raw, or nil for a JSON null. It shares raw's memory, as
// Base.Raw shares the payload's (Adapter.Parse).
func orNil(raw json.RawMessage) json.RawMessage {
	if isNull(raw) {
		return nil
	}
	return raw
}

// errKind is wrapped by nativeInput when an updated input's kind does not
// fit the running tool.
var errKind = errors.New("updated input does not fit the tool")

// nativeInput renders an updated input as the full native input of the
// running tool: the original input with the fields in set overridden, so
// native fields the unified type does not model (Bash run_in_background,
// Read offset and limit, …) are kept. A hooks.RawInput is the native input
// itself and is sent unchanged. Zero-valued optional fields (a Bash
// description or timeout) keep their original value.
func nativeInput(t *hooks.Tool, in hooks.ToolInput) (json.RawMessage, error) {
	if raw, ok := in.(hooks.RawInput); ok {
		if !isObject(json.RawMessage(raw)) || !json.Valid(raw) {
			return nil, fmt.Errorf("updated input for %s: a raw input must be a JSON object", t.Name)
		}
		return json.RawMessage(raw), nil
	}
	fields := map[string]any{}
	if !isNull(t.RawInput) {
		var orig map[string]json.RawMessage
		if err := json.Unmarshal(t.RawInput, &orig); err != nil {
			return nil, fmt.Errorf("original tool_input of %s: %w", t.Name, err)
		}
		for k, v := range orig {
			fields[k] = v
		}
	}
	wrong := func() error {
		return fmt.Errorf("%w: %T for %s", errKind, in, t.Name)
	}
	switch t.Name {
	case ToolBash:
		s, ok := in.(*hooks.ShellInput)
		if !ok || s == nil {
			return nil, wrong()
		}
		if s.Command == "" {
			return nil, errors.New("updated input for Bash: empty command")
		}
		if s.Cwd != "" {
			return nil, errors.New("updated input for Bash: Claude's Bash tool has no cwd; put a cd in the command")
		}
		fields["command"] = s.Command
		if s.Description != "" {
			fields["description"] = s.Description
		}
		if s.Timeout > 0 {
			fields["timeout"] = max(s.Timeout.Milliseconds(), 1)
		}
	case ToolWrite:
		w, ok := in.(*hooks.WriteInput)
		if !ok || w == nil {
			return nil, wrong()
		}
		if w.Path == "" {
			return nil, errors.New("updated input for Write: empty path")
		}
		fields["file_path"], fields["content"] = w.Path, w.Content
	case ToolRead:
		r, ok := in.(*hooks.ReadInput)
		if !ok || r == nil {
			return nil, wrong()
		}
		if r.Path == "" {
			return nil, errors.New("updated input for Read: empty path")
		}
		fields["file_path"] = r.Path
	case ToolEdit:
		e, ok := in.(*hooks.EditInput)
		if !ok || e == nil {
			return nil, wrong()
		}
		if e.Path == "" || len(e.Edits) != 1 {
			return nil, fmt.Errorf("updated input for Edit: need a path and exactly one edit, got %d", len(e.Edits))
		}
		fields["file_path"] = e.Path
		fields["old_string"], fields["new_string"] = e.Edits[0].Old, e.Edits[0].New
		fields["replace_all"] = e.Edits[0].ReplaceAll
	case ToolMultiEdit:
		e, ok := in.(*hooks.EditInput)
		if !ok || e == nil {
			return nil, wrong()
		}
		if e.Path == "" || len(e.Edits) == 0 {
			return nil, errors.New("updated input for MultiEdit: need a path and at least one edit")
		}
		ops := make([]EditOp, len(e.Edits))
		for i, x := range e.Edits {
			ops[i] = EditOp{OldString: x.Old, NewString: x.New, ReplaceAll: x.ReplaceAll}
		}
		fields["file_path"], fields["edits"] = e.Path, ops
	default:
		server, tool, isMCP := SplitMCPName(t.Name)
		if !isMCP {
			return nil, fmt.Errorf("%w: %s has no typed input, use hooks.RawInput", errKind, t.Name)
		}
		m, ok := in.(*hooks.MCPInput)
		if !ok || m == nil {
			return nil, wrong()
		}
		if (m.Server != "" && m.Server != server) || (m.Tool != "" && m.Tool != tool) {
			return nil, fmt.Errorf("updated input for %s: cannot switch to MCP tool %s/%s", t.Name, m.Server, m.Tool)
		}
		if isNull(m.Arguments) {
			break // keep the original arguments
		}
		if !isObject(m.Arguments) || !json.Valid(m.Arguments) {
			return nil, fmt.Errorf("updated input for %s: arguments must be a JSON object", t.Name)
		}
		// The arguments are the whole native input.
		return m.Arguments, nil
	}
	b, err := json.Marshal(fields)
	if err != nil {
		return nil, fmt.Errorf("updated input for %s: %w", t.Name, err)
	}
	return b, nil
}

// outputText returns the text of a tool's structured result: Bash stdout
// (and stderr on a new line when not empty), Read's file content, the text
// blocks of an MCP result, nothing for Write and Edit, and for other tools
// the result itself when it is a string or a content-block array.
func outputText(tool string, raw json.RawMessage) string {
	switch tool {
	case ToolBash:
		b, ok := readBashOutput(raw)
		if !ok {
			return plainText(raw)
		}
		if b.Stderr != "" {
			return b.Stdout + "\n" + b.Stderr
		}
		return b.Stdout
	case ToolRead:
		v, ok := fastjson.Path(raw, "file", "content")
		if !ok {
			return ""
		}
		s, _ := v.String()
		return s
	case ToolWrite, ToolEdit, ToolMultiEdit:
		return ""
	}
	if _, _, ok := SplitMCPName(tool); ok && isObject(raw) {
		v, ok := fastjson.Path(raw, "content")
		if !ok {
			return ""
		}
		return plainText(v.Raw())
	}
	return plainText(raw)
}

// bashOutput is the part of the Bash tool's result outputText reads.
type bashOutput struct {
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
}

// plainText returns raw as text when it is a JSON string or an array of
// content blocks (their text blocks joined by newlines), else "".
func plainText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return ""
	}
	switch raw[0] {
	case '"':
		s, _ := fastjson.StringValue(raw)
		return s
	case '[':
		return textBlocks(raw)
	}
	return ""
}

// textBlocks returns the text of the "text" blocks of a JSON array of
// content blocks, joined by newlines, read exactly as JSON.parse reads
// them ("" when raw is not a valid array).
func textBlocks(raw json.RawMessage) string {
	arr, ok := fastjson.Parse(raw)
	if !ok {
		return ""
	}
	var parts []string
	arr.Elements(func(el fastjson.Value) bool {
		var typ, text string
		el.Members(func(k string, v fastjson.Value) bool {
			switch k {
			case "type":
				typ, _ = v.String()
			case "text":
				text, _ = v.String()
			}
			return true
		})
		if typ == "text" {
			parts = append(parts, text)
		}
		return true
	})
	return strings.Join(parts, "\n")
}
