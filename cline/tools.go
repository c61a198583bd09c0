package cline

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/applypatch"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Cline's tools with a unified kind (3.0.65).
const (
	// ToolRunCommands runs shell commands: {commands: [string…]} as the
	// model is told, and eight other shapes Cline also accepts (see
	// [hooks.ShellInput] and the package documentation).
	ToolRunCommands = "run_commands"
	// ToolEditor creates a file ({path, new_text}), replaces text in one
	// ({path, old_text, new_text}) or inserts a line ({path, new_text,
	// insert_line}).
	ToolEditor = "editor"
	// ToolReadFiles reads files: {files: [{path, start_line?,
	// end_line?}…]} and other shapes.
	ToolReadFiles = "read_files"
	// ToolApplyPatch applies a patch in Codex's grammar: {input: patch} or
	// the patch as a bare string.
	ToolApplyPatch = "apply_patch"
)

// parseTool types the input of a tool_call or tool_result record: raw is
// its input member, the tool's input as Cline hands it to the tool (the
// legacy preToolUse.parameters is a rendering of the same object, never
// read). Nothing in the input (the model's) fails the parse: what cannot
// be read is Tool.InputErr.
func parseTool(name, id string, raw []byte) hooks.Tool {
	t := hooks.Tool{Name: name, ID: id, RawInput: raw}
	v, ok := fastjson.Parse(raw)
	if !ok {
		t.Input, t.InputErr = hooks.RawInput(raw), fmt.Errorf("the input of %s is not JSON", name)
		return t
	}
	switch name {
	case ToolRunCommands:
		cmds, ok := commandsOf(v)
		in := &hooks.ShellInput{Command: shellText(cmds)}
		t.Input = in
		if !ok {
			t.InputErr = errCommands
		}
	case ToolEditor:
		t.Input, t.InputErr = editorInput(v)
	case ToolReadFiles:
		t.Input, t.InputErr = readInput(v)
	case ToolApplyPatch:
		t.Input, t.InputErr = patchInput(v)
	default:
		t.Input = hooks.RawInput(raw)
	}
	return t
}

// editorInput types the editor's input: an insert (insert_line set) or a
// replacement (old_text not empty) is an edit, anything else the creation
// of the file with new_text.
func editorInput(v fastjson.Value) (hooks.ToolInput, error) {
	if !v.IsObject() {
		return &hooks.WriteInput{}, errors.New("the input of editor is not an object")
	}
	path, pathOK := stringMember(v, "path")
	text, textOK := stringMember(v, "new_text")
	var errs []error
	if !pathOK || path == "" {
		errs = append(errs, errors.New(`editor: field "path" is missing, empty or not a string`))
	}
	if !textOK {
		errs = append(errs, errors.New(`editor: field "new_text" is missing or not a string`))
	}
	old, _ := stringMember(v, "old_text")
	if o, has := v.Get("old_text"); has && !o.IsNull() && !isString(o) {
		errs = append(errs, errors.New(`editor: field "old_text" is not a string`))
	}
	line, hasLine := v.Get("insert_line")
	if hasLine && !line.IsNull() {
		return &hooks.EditInput{Path: path, Edits: []hooks.TextEdit{{New: text}}}, errors.Join(errs...)
	}
	if old != "" {
		return &hooks.EditInput{Path: path, Edits: []hooks.TextEdit{{Old: old, New: text}}}, errors.Join(errs...)
	}
	return &hooks.WriteInput{Path: path, Content: text}, errors.Join(errs...)
}

// readInput types read_files: the paths it names, wherever its shapes put
// them. One file is a ReadInput; several are the first, with an InputErr
// saying so, since a ReadInput holds one path.
func readInput(v fastjson.Value) (hooks.ToolInput, error) {
	var paths []string
	bad := false
	var add func(e fastjson.Value)
	add = func(e fastjson.Value) {
		switch {
		case isString(e):
			s, _ := e.String()
			paths = append(paths, s)
		case e.IsObject():
			n := len(paths)
			for _, k := range [...]string{"path", "file_path", "filePath", "files", "file_paths", "paths"} {
				if m, has := e.Get(k); has {
					add(m)
				}
			}
			if len(paths) == n {
				bad = true
			}
		case e.Kind() == "array":
			e.Elements(func(x fastjson.Value) bool { add(x); return true })
		default:
			bad = true
		}
	}
	add(v)
	in := &hooks.ReadInput{}
	if len(paths) > 0 {
		in.Path = paths[0]
	}
	switch {
	case bad || len(paths) == 0:
		return in, errors.New("read_files: a file to read is not a path string")
	case len(paths) > 1:
		return in, fmt.Errorf("read_files reads %d files; the typed input shows the first only", len(paths))
	case strings.ContainsAny(in.Path, ",\n"):
		return in, errors.New("read_files: the path may name several files")
	}
	return in, nil
}

// patchInput types apply_patch: {input: patch} or the patch as a string.
func patchInput(v fastjson.Value) (hooks.ToolInput, error) {
	text, ok := v.String()
	if !ok {
		text, ok = stringMember(v, "input")
	}
	if !ok || text == "" {
		return &hooks.PatchInput{}, errors.New(`apply_patch: no patch text (a string, or a string "input")`)
	}
	files, err := applypatch.Parse(text)
	if err != nil {
		return &hooks.PatchInput{Patch: text, Files: files}, fmt.Errorf("apply_patch: %w", err)
	}
	return &hooks.PatchInput{Patch: text, Files: files}, nil
}

// stringMember returns v's member key when it is a string.
func stringMember(v fastjson.Value, key string) (string, bool) {
	m, has := v.Get(key)
	if !has {
		return "", false
	}
	return m.String()
}

// nativeInput renders an updated input as the tool's whole input, which
// overrideInput replaces: run_commands gets {commands: [Command]}, the
// editor {path, new_text[, old_text]}, read_files {files: [{path}]},
// apply_patch {input}. A hooks.RawInput is sent unchanged.
func nativeInput(t *hooks.Tool, in hooks.ToolInput) (json.RawMessage, error) {
	if raw, ok := in.(hooks.RawInput); ok {
		if !json.Valid(raw) {
			return nil, fmt.Errorf("updated input for %s: a raw input must be JSON", t.Name)
		}
		return json.RawMessage(raw), nil
	}
	wrong := fmt.Errorf("updated input of kind %s for tool %s", in.Kind(), t.Name)
	var v any
	switch t.Name {
	case ToolRunCommands:
		s, ok := in.(*hooks.ShellInput)
		switch {
		case !ok || s == nil:
			return nil, wrong
		case s.Command == "":
			return nil, errors.New("updated input for run_commands: empty command")
		case s.Cwd != "" || s.Timeout != 0:
			return nil, errors.New("updated input for run_commands: a cwd or timeout cannot be set; put them in the command")
		}
		v = map[string]any{"commands": []string{s.Command}}
	case ToolEditor:
		switch e := in.(type) {
		case *hooks.WriteInput:
			if e.Path == "" {
				return nil, errors.New("updated input for editor: empty path")
			}
			v = map[string]any{"path": e.Path, "new_text": e.Content}
		case *hooks.EditInput:
			if e.Path == "" || len(e.Edits) != 1 || e.Edits[0].Old == "" || e.Edits[0].ReplaceAll {
				return nil, errors.New("updated input for editor: need a path and exactly one edit of non-empty old text, not replace-all")
			}
			v = map[string]any{"path": e.Path, "old_text": e.Edits[0].Old, "new_text": e.Edits[0].New}
		default:
			return nil, wrong
		}
	case ToolReadFiles:
		r, ok := in.(*hooks.ReadInput)
		if !ok || r == nil || r.Path == "" {
			return nil, wrong
		}
		v = map[string]any{"files": []any{map[string]any{"path": r.Path}}}
	case ToolApplyPatch:
		p, ok := in.(*hooks.PatchInput)
		if !ok || p == nil || p.Patch == "" {
			return nil, wrong
		}
		v = map[string]any{"input": p.Patch}
	default:
		return nil, fmt.Errorf("updated input for %s: the tool has no typed input, use hooks.RawInput", t.Name)
	}
	return marshal(v)
}

// marshal encodes v without HTML escapes.
func marshal(v any) (json.RawMessage, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return json.RawMessage(strings.TrimSuffix(b.String(), "\n")), nil
}
