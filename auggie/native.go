package auggie

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// nativeInput renders an updated input as the tool's complete input,
// which Auggie puts in place of the call's whole input: the original with
// the typed fields written over it, so that fields the unified types do
// not model (wait, max_wait_seconds, add_last_line_newline, …) survive. A
// hooks.RawInput is sent unchanged (it must be a JSON object: Auggie
// discards the whole answer otherwise).
func nativeInput(t *hooks.Tool, in hooks.ToolInput) ([]byte, error) {
	if raw, ok := in.(hooks.RawInput); ok {
		if _, ok := fastjson.Object(raw); !ok {
			return nil, fmt.Errorf("updated input for %s: a raw input must be a JSON object", t.Name)
		}
		return raw, nil
	}
	wrong := func() error { return fmt.Errorf("updated input of kind %s for tool %s", in.Kind(), t.Name) }
	set := map[string]any{}
	switch t.Name {
	case ToolLaunchProcess:
		s, ok := in.(*hooks.ShellInput)
		switch {
		case !ok || s == nil:
			return nil, wrong()
		case strings.TrimSpace(s.Command) == "":
			return nil, errors.New("updated input for launch-process: empty command")
		case s.Timeout != 0 || s.Patch != nil:
			return nil, errors.New("updated input for launch-process: a timeout or patch cannot be set")
		}
		set["command"] = s.Command
		if s.Cwd != "" {
			set["cwd"] = s.Cwd
		}
	case ToolWriteProcess:
		s, ok := in.(*hooks.ShellInput)
		switch {
		case !ok || s == nil:
			return nil, wrong()
		case s.Cwd != "" || s.Timeout != 0 || s.Patch != nil:
			return nil, errors.New("updated input for write-process: only the text typed can be set")
		}
		set["input_text"] = s.Command
	case ToolApplyPatch:
		p, ok := in.(*hooks.PatchInput)
		if !ok || p == nil {
			return nil, wrong()
		}
		if strings.TrimSpace(p.Patch) == "" {
			return nil, errors.New("updated input for apply_patch: the patch text is empty (Files are not rendered back)")
		}
		set["input"] = p.Patch
	case ToolRemoveFiles:
		p, ok := in.(*hooks.PatchInput)
		if !ok || p == nil {
			return nil, wrong()
		}
		paths := make([]string, 0, len(p.Files))
		for _, f := range p.Files {
			if f.Op != hooks.PatchDelete || f.Path == "" || f.MoveTo != "" {
				return nil, errors.New("updated input for remove-files: only deletes of named files")
			}
			paths = append(paths, f.Path)
		}
		if len(paths) == 0 {
			return nil, errors.New("updated input for remove-files: no file")
		}
		set["file_paths"] = paths
	case ToolSaveFile:
		w, ok := in.(*hooks.WriteInput)
		if !ok || w == nil {
			return nil, wrong()
		}
		if w.Path == "" {
			return nil, errors.New("updated input for save-file: empty path")
		}
		set["path"], set["file_content"] = w.Path, w.Content
	case ToolView:
		r, ok := in.(*hooks.ReadInput)
		if !ok || r == nil {
			return nil, wrong()
		}
		if r.Path == "" {
			return nil, errors.New("updated input for view: empty path")
		}
		set["path"] = r.Path
	case ToolStrReplaceEditor:
		e, ok := in.(*hooks.EditInput)
		if !ok || e == nil {
			return nil, wrong()
		}
		if e.Path == "" || len(e.Edits) == 0 {
			return nil, errors.New("updated input for str-replace-editor: need a path and at least one edit")
		}
		entries := make([]map[string]any, len(e.Edits))
		for i, ed := range e.Edits {
			if ed.ReplaceAll {
				return nil, errors.New("updated input for str-replace-editor: Auggie has no replace-all")
			}
			entries[i] = map[string]any{"old_str": ed.Old, "new_str": ed.New}
		}
		// Line numbers the original gave would now point elsewhere.
		return fastjson.Merge([]byte(`{}`), map[string]any{"command": "str_replace", "path": e.Path, "str_replace_entries": entries})
	default:
		if m, ok := in.(*hooks.MCPInput); ok && m != nil && t.Input != nil && t.Input.Kind() == hooks.KindMCP {
			if m.Tool != "" && m.Tool != t.Name {
				return nil, fmt.Errorf("updated input for %s: cannot switch to MCP tool %s", t.Name, m.Tool)
			}
			if _, ok := fastjson.Object(m.Arguments); !ok {
				return nil, fmt.Errorf("updated input for %s: arguments must be a JSON object", t.Name)
			}
			return m.Arguments, nil
		}
		return nil, fmt.Errorf("updated input for %s: the tool has no typed input to rewrite, use hooks.RawInput", t.Name)
	}
	return fastjson.Merge(t.RawInput, set)
}
