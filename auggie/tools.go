package auggie

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/applypatch"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Auggie's tools with a unified kind (0.36.0: the tool definitions it
// offers the model, and the payloads of a real run in
// testdata/captures/auggie). Hook matchers are regular expressions tested
// (unanchored) against these names.
const (
	// ToolLaunchProcess runs a shell command: {command, wait,
	// max_wait_seconds, cwd, keep_stdin_open?}.
	ToolLaunchProcess = "launch-process"
	// ToolWriteProcess writes input_text to the stdin of a process
	// launch-process left running: {terminal_id, input_text}. Typed as
	// shell input (see the package documentation).
	ToolWriteProcess = "write-process"
	// ToolSaveFile writes a file: {path, file_content,
	// add_last_line_newline?}.
	ToolSaveFile = "save-file"
	// ToolStrReplaceEditor edits a file: {command: "str_replace" or
	// "insert", path, str_replace_entries: [{old_str, new_str,
	// old_str_start_line_number, old_str_end_line_number}],
	// insert_line_entries: [{insert_line, new_str}]}.
	ToolStrReplaceEditor = "str-replace-editor"
	// ToolView reads a file or lists a directory: {type, path, …}.
	ToolView = "view"
	// ToolRemoveFiles deletes files: {file_paths: [...]}. Typed as a
	// patch of deletes, one per path.
	ToolRemoveFiles = "remove-files"
	// ToolApplyPatch applies a patch in Codex's grammar: {input}.
	ToolApplyPatch = "apply_patch"
)

// toolOf types the arguments raw of tool name. Nothing in raw, the
// model's arguments, fails the parse: what cannot be read is
// Tool.InputErr. Auggie sends no tool-call id.
func toolOf(name string, mcp bool, raw []byte) hooks.Tool {
	t := hooks.Tool{Name: name, RawInput: raw}
	var isObject bool
	t.Input, isObject, t.InputErr = input(name, mcp, raw)
	if !isObject {
		if _, isRaw := t.Input.(hooks.RawInput); !isRaw {
			t.InputErr = fmt.Errorf("the tool_input of %s is not a JSON object", name)
		}
	}
	return t
}

// input types raw; isObject is false when raw is not one JSON object.
func input(name string, mcp bool, raw []byte) (in hooks.ToolInput, isObject bool, err error) {
	path := fastjson.Field{Key: "path"}
	switch {
	case mcp:
		return &hooks.MCPInput{Tool: name, Arguments: raw}, true, nil
	case name == ToolLaunchProcess:
		// cwd: Auggie launches in it, or in the workspace root when it is
		// absent or null; one of another type makes the launch fail.
		cmd := fastjson.Field{Key: "command"}
		var cwd string
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == "cwd" {
				cwd, _ = v.String()
			}
		}, &cmd)
		return &hooks.ShellInput{Command: cmd.Value, Cwd: cwd}, isObject, fastjson.Errs(name, &cmd)
	case name == ToolWriteProcess:
		text := fastjson.Field{Key: "input_text"}
		isObject = fastjson.Args(raw, nil, &text)
		return &hooks.ShellInput{Command: text.Value}, isObject, fastjson.Errs(name, &text)
	case name == ToolSaveFile:
		content := fastjson.Field{Key: "file_content"}
		isObject = fastjson.Args(raw, nil, &path, &content)
		return &hooks.WriteInput{Path: path.Value, Content: content.Value}, isObject, fastjson.Errs(name, &path, &content)
	case name == ToolView:
		isObject = fastjson.Args(raw, nil, &path)
		return &hooks.ReadInput{Path: path.Value}, isObject, fastjson.Errs(name, &path)
	case name == ToolStrReplaceEditor:
		return editInput(raw)
	case name == ToolRemoveFiles:
		return removeInput(raw)
	case name == ToolApplyPatch:
		text := fastjson.Field{Key: "input"}
		isObject = fastjson.Args(raw, nil, &text)
		if err := fastjson.Errs(name, &text); err != nil {
			return &hooks.PatchInput{}, isObject, err
		}
		files, err := applypatch.Parse(text.Value)
		if err != nil {
			err = fmt.Errorf("%s: %w", name, err)
		}
		return &hooks.PatchInput{Patch: text.Value, Files: files}, isObject, err
	}
	return hooks.RawInput(raw), true, nil
}

// editInput types str-replace-editor's arguments: every replacement of
// str_replace_entries and every insertion of insert_line_entries (an
// insertion is an edit with no old text), whatever the command says, so
// that a policy sees all the new text the call may write.
func editInput(raw []byte) (hooks.ToolInput, bool, error) {
	path := fastjson.Field{Key: "path"}
	var entries, inserts fastjson.Value
	var hasEntries, hasInserts bool
	isObject := fastjson.Args(raw, func(k string, v fastjson.Value) {
		switch k {
		case "str_replace_entries":
			entries, hasEntries = v, true
		case "insert_line_entries":
			inserts, hasInserts = v, true
		}
	}, &path)
	in := &hooks.EditInput{Path: path.Value}
	errs := []error{fastjson.Errs(ToolStrReplaceEditor, &path)}
	read := func(list fastjson.Value, key string, withOld bool) {
		if list.IsNull() {
			return
		}
		ok := list.Elements(func(e fastjson.Value) bool {
			old := fastjson.Field{Key: "old_str"}
			next := fastjson.Field{Key: "new_str"}
			fields := []*fastjson.Field{&next}
			if withOld {
				fields = append(fields, &old)
			}
			if !e.Args(nil, fields...) {
				errs = append(errs, fmt.Errorf("%s: an element of %s is not an object", ToolStrReplaceEditor, key))
				return true
			}
			errs = append(errs, fastjson.Errs(ToolStrReplaceEditor+" "+key, fields...))
			in.Edits = append(in.Edits, hooks.TextEdit{Old: old.Value, New: next.Value})
			return true
		})
		if !ok {
			errs = append(errs, fmt.Errorf("%s: %s is not an array", ToolStrReplaceEditor, key))
		}
	}
	if hasEntries {
		read(entries, "str_replace_entries", true)
	}
	if hasInserts {
		read(inserts, "insert_line_entries", false)
	}
	return in, isObject, errors.Join(errs...)
}

// removeInput types remove-files' file_paths as a patch of deletes, its
// text the apply_patch that deletes the same files.
func removeInput(raw []byte) (hooks.ToolInput, bool, error) {
	var paths fastjson.Value
	var has bool
	isObject := fastjson.Args(raw, func(k string, v fastjson.Value) {
		if k == "file_paths" {
			paths, has = v, true
		}
	})
	in := &hooks.PatchInput{}
	if !has {
		return in, isObject, errors.New(ToolRemoveFiles + `: field "file_paths" is missing`)
	}
	list, ok := paths.Strings()
	if !ok {
		return in, isObject, errors.New(ToolRemoveFiles + `: field "file_paths" is not an array of strings`)
	}
	var err error
	var text strings.Builder
	text.WriteString("*** Begin Patch\n")
	for _, p := range list {
		if p == "" || strings.ContainsAny(p, "\r\n") {
			err = errors.New(ToolRemoveFiles + `: an element of "file_paths" is empty, null or holds a line break`)
			continue
		}
		in.Files = append(in.Files, hooks.FileChange{Op: hooks.PatchDelete, Path: p})
		text.WriteString("*** Delete File: " + p + "\n")
	}
	text.WriteString("*** End Patch")
	in.Patch = text.String()
	return in, isObject, err
}
