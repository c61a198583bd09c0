package pi

import (
	"fmt"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Pi's built-in tools with a unified kind (0.73.1, its
// dist/core/tools/*.js). Paths are absolute or relative to the session's
// directory. Pi also has grep, find and ls (read-only, off by default),
// which stay raw, as does any tool an extension registers.
const (
	ToolShell = "bash"  // {command, timeout? (seconds)}
	ToolWrite = "write" // {path, content}
	ToolEdit  = "edit"  // {path, edits: [{oldText, newText}]}
	ToolRead  = "read"  // {path, offset?, limit?}
)

// parseTool reads a tool call's name, id and input.
func parseTool(name, id string, raw []byte) hooks.Tool {
	t := hooks.Tool{Name: name, ID: id, RawInput: raw}
	var isObject bool
	t.Input, isObject, t.InputErr = typedInput(name, raw)
	if !isObject {
		if _, rawIn := t.Input.(hooks.RawInput); !rawIn {
			t.InputErr = fmt.Errorf("the input of %s is not a JSON object", name)
		}
	}
	return t
}

// typedInput types the input raw of tool name; isObject is false when raw
// is not one JSON object.
func typedInput(name string, raw []byte) (in hooks.ToolInput, isObject bool, err error) {
	path := fastjson.Field{Key: "path"}
	switch name {
	case ToolShell:
		cmd := fastjson.Field{Key: "command"}
		var timeout time.Duration
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == "timeout" {
				s, _ := v.Float()
				timeout = time.Duration(s * float64(time.Second))
			}
		}, &cmd)
		return &hooks.ShellInput{Command: cmd.Value, Timeout: timeout}, isObject, fastjson.Errs(name, &cmd)
	case ToolWrite:
		content := fastjson.Field{Key: "content"}
		isObject = fastjson.Args(raw, nil, &path, &content)
		return &hooks.WriteInput{Path: path.Value, Content: content.Value}, isObject, fastjson.Errs(name, &path, &content)
	case ToolEdit:
		var edits []hooks.TextEdit
		var editsErr error
		seen := false
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k != "edits" {
				return
			}
			seen = true
			edits, editsErr = textEdits(v)
		}, &path)
		err := fastjson.Errs(name, &path)
		if err == nil && editsErr != nil {
			err = fmt.Errorf("%s: %w", name, editsErr)
		}
		if err == nil && !seen {
			err = fmt.Errorf("%s: no edits", name)
		}
		return &hooks.EditInput{Path: path.Value, Edits: edits}, isObject, err
	case ToolRead:
		isObject = fastjson.Args(raw, nil, &path)
		return &hooks.ReadInput{Path: path.Value}, isObject, fastjson.Errs(name, &path)
	}
	return hooks.RawInput(raw), true, nil
}

// textEdits reads an edit call's edits, [{oldText, newText}, …].
func textEdits(v fastjson.Value) ([]hooks.TextEdit, error) {
	var out []hooks.TextEdit
	var bad error
	ok := v.Elements(func(e fastjson.Value) bool {
		old := fastjson.Field{Key: "oldText"}
		next := fastjson.Field{Key: "newText"}
		if !e.Args(nil, &old, &next) {
			bad = fmt.Errorf("edit %d is not an object", len(out))
			return false
		}
		if err := fastjson.Errs("edit", &old, &next); err != nil {
			bad = err
			return false
		}
		out = append(out, hooks.TextEdit{Old: old.Value, New: next.Value})
		return true
	})
	if bad != nil {
		return out, bad
	}
	if !ok {
		return nil, fmt.Errorf("edits is not an array")
	}
	return out, nil
}
