package copilot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Copilot's runtime tool names, as camelCase payloads (and every
// permissionRequest) carry them, with the argument names below.
const (
	ToolBash   = "bash"   // {command, description, shellId, mode, detach, initial_wait}
	ToolCreate = "create" // {path, file_text}
	ToolEdit   = "edit"   // {path, old_str, new_str}
	ToolView   = "view"   // {path, view_range}
)

// The Claude-style names PascalCase payloads give the same tools. Their
// arguments keep Copilot's names (path, file_text, old_str, …), not
// Claude's (file_path, content, old_string, …).
const (
	PascalBash  = "Bash"
	PascalWrite = "Write"
	PascalEdit  = "Edit"
	PascalRead  = "Read"
)

// parseTool reads the tool of a tool event. The tool name is written by
// Copilot and must be there; the input holds the model's arguments, so
// nothing in it fails the parse: what cannot be read is Tool.InputErr.
func parseTool(o *fastjson.Picked, event string) (hooks.Tool, error) {
	name := either(o, "toolName", "tool_name")
	if name == "" {
		return hooks.Tool{}, errors.New("no tool name")
	}
	t := hooks.Tool{Name: name}
	var given [3]string
	keys := given[:0]
	for _, k := range [...]string{"toolArgs", "toolInput", "tool_input"} {
		if o.Has(k) {
			keys = append(keys, k)
		}
	}
	if len(keys) > 1 {
		t.Input = emptyInput(name, event)
		t.InputErr = fmt.Errorf("the arguments of %s are given twice (%s)", name, strings.Join(keys, ", "))
		return t, nil
	}
	if len(keys) == 1 {
		t.RawInput = o.RawAt(keys[0])
	}
	in, isObject, err := typedInput(name, event, t.RawInput)
	if !isObject {
		t.Input = emptyInput(name, event)
		if t.Input == nil {
			t.Input = hooks.RawInput(t.RawInput)
		}
		if _, typed := t.Input.(hooks.RawInput); !typed {
			t.InputErr = fmt.Errorf("the arguments of %s are not a JSON object", name)
			if t.RawInput == nil {
				t.InputErr = fmt.Errorf("the arguments of %s are missing", name)
			}
		}
		return t, nil
	}
	t.Input, t.InputErr = in, err
	return t, nil
}

// emptyInput returns the zero typed input of a tool with a unified kind,
// or nil.
func emptyInput(name, event string) hooks.ToolInput {
	in, _, _ := typedInput(name, event, nil)
	if _, raw := in.(hooks.RawInput); raw {
		return nil
	}
	return in
}

// typedInput types the arguments raw of a tool, read as Copilot reads
// them (JSON.parse: exact keys, the last of duplicates wins); isObject is
// false when raw is not one JSON object (the typed input is then empty). A
// permissionRequest shows bash as {command} and both create and edit as
// tool "edit" with {file_path, diff}, a unified diff: that is typed as a
// patch of one file.
func typedInput(name, event string, raw []byte) (in hooks.ToolInput, isObject bool, err error) {
	path := fastjson.Field{Key: "path"}
	switch {
	case event == EventPermissionRequest && name == ToolEdit:
		file := fastjson.Field{Key: "file_path"}
		diff := fastjson.Field{Key: "diff"}
		isObject = fastjson.Args(raw, nil, &file, &diff)
		op := hooks.PatchUpdate
		if h := diffHeader(diff.Value); strings.Contains(h, "\nnew file mode") || strings.Contains(h, "\ncreate file mode") {
			op = hooks.PatchAdd
		}
		in = &hooks.PatchInput{Patch: diff.Value, Files: []hooks.FileChange{{Op: op, Path: file.Value, Body: diff.Value}}}
		return in, isObject, fastjson.Errs(name, &file, &diff)
	case name == ToolBash || name == PascalBash:
		cmd := fastjson.Field{Key: "command"}
		var desc string
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == "description" {
				desc, _ = v.String()
			}
		}, &cmd)
		return &hooks.ShellInput{Command: cmd.Value, Description: desc}, isObject, fastjson.Errs(name, &cmd)
	case name == ToolCreate || name == PascalWrite:
		text := fastjson.Field{Key: "file_text"}
		isObject = fastjson.Args(raw, nil, &path, &text)
		return &hooks.WriteInput{Path: path.Value, Content: text.Value}, isObject, fastjson.Errs(name, &path, &text)
	case name == ToolEdit || name == PascalEdit:
		old := fastjson.Field{Key: "old_str", Optional: true}
		next := fastjson.Field{Key: "new_str", Optional: true}
		isObject = fastjson.Args(raw, nil, &path, &old, &next)
		return &hooks.EditInput{Path: path.Value, Edits: []hooks.TextEdit{{Old: old.Value, New: next.Value}}}, isObject, fastjson.Errs(name, &path, &old, &next)
	case name == ToolView || name == PascalRead:
		isObject = fastjson.Args(raw, nil, &path)
		return &hooks.ReadInput{Path: path.Value}, isObject, fastjson.Errs(name, &path)
	}
	// Untyped: the raw arguments whatever they hold, as parseTool would
	// give them for a non-object too.
	return hooks.RawInput(raw), true, nil
}

// diffHeader returns the lines of a unified diff before its first hunk,
// where Copilot says whether the file is created (file content lines come
// after, each with a prefix).
func diffHeader(diff string) string {
	if i := strings.Index(diff, "\n@@"); i >= 0 {
		return diff[:i]
	}
	return diff
}

// nativeArgs renders an updated input as the tool's complete arguments:
// Copilot replaces the arguments with what the hook returns, so the
// original arguments are kept and only the unified fields written over
// them. A hooks.RawInput is sent unchanged.
func nativeArgs(t *hooks.Tool, in hooks.ToolInput) ([]byte, error) {
	if raw, ok := in.(hooks.RawInput); ok {
		if _, ok := fastjson.Object(raw); !ok {
			return nil, fmt.Errorf("updated input for %s: a raw input must be a JSON object", t.Name)
		}
		return raw, nil
	}
	wrong := func() error { return fmt.Errorf("updated input of kind %s for tool %s", in.Kind(), t.Name) }
	set := map[string]any{}
	switch t.Name {
	case ToolBash, PascalBash:
		s, ok := in.(*hooks.ShellInput)
		switch {
		case !ok || s == nil:
			return nil, wrong()
		case s.Command == "":
			return nil, errors.New("updated input for bash: empty command")
		case s.Cwd != "" || s.Timeout != 0:
			return nil, errors.New("updated input for bash: Copilot's bash takes no cwd or timeout; put them in the command")
		}
		set["command"] = s.Command
		if s.Description != "" {
			set["description"] = s.Description
		}
	case ToolCreate, PascalWrite:
		w, ok := in.(*hooks.WriteInput)
		if !ok || w == nil {
			return nil, wrong()
		}
		if w.Path == "" {
			return nil, errors.New("updated input for create: empty path")
		}
		set["path"], set["file_text"] = w.Path, w.Content
	case ToolEdit, PascalEdit:
		e, ok := in.(*hooks.EditInput)
		if !ok || e == nil {
			return nil, wrong()
		}
		if e.Path == "" || len(e.Edits) != 1 || e.Edits[0].ReplaceAll {
			return nil, errors.New("updated input for edit: need a path and exactly one edit (Copilot's edit has no replace-all)")
		}
		set["path"], set["old_str"], set["new_str"] = e.Path, e.Edits[0].Old, e.Edits[0].New
	case ToolView, PascalRead:
		r, ok := in.(*hooks.ReadInput)
		if !ok || r == nil {
			return nil, wrong()
		}
		if r.Path == "" {
			return nil, errors.New("updated input for view: empty path")
		}
		set["path"] = r.Path
	default:
		return nil, fmt.Errorf("updated input for %s: the tool has no typed input, use hooks.RawInput", t.Name)
	}
	return fastjson.Merge(t.RawInput, set)
}
