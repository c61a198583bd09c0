package opencode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/shim"
)

// Serialize renders r as the plugin reads it (see [Answer]): one JSON
// object on stdout with exit code 0, or no output for no opinion.
//
//   - tool.execute.before: a deny is {"decision":"block","reason":…}
//     (always with a reason, which the model reads); an updated input is
//     {"args":{…}}, the complete arguments: the call's own, with the
//     fields of the typed input replaced.
//   - tool.execute.after: context is {"context":…}.
//
// For an event outside the matrix a deny is exit code 2 with the reason
// on stderr, which the plugin also takes as a block.
func (*Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	return shim.Serialize(&shimHost, capabilities[:], ev, r, nativeArgs, func(a shim.Reply) any {
		return &Answer{Decision: a.Decision, Reason: a.Reason, Args: a.Input, Context: a.Context}
	})
}

// nativeArgs returns the complete arguments for tool t with the typed
// input in applied over the call's own (fields it does not model, such as
// a shell call's description, are kept).
func nativeArgs(t *hooks.Tool, in hooks.ToolInput) (json.RawMessage, error) {
	if raw, ok := in.(hooks.RawInput); ok {
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil || m == nil {
			return nil, fmt.Errorf("updated input for %s: a raw input must be a JSON object", t.Name)
		}
		return json.RawMessage(raw), nil
	}
	args := map[string]any{}
	var orig map[string]json.RawMessage
	if json.Unmarshal(t.RawInput, &orig) == nil {
		for k, v := range orig {
			args[k] = v
		}
	}
	wrong := fmt.Errorf("updated input of kind %s for tool %s", in.Kind(), t.Name)
	switch t.Name {
	case ToolShell:
		s, ok := in.(*hooks.ShellInput)
		if !ok || s == nil {
			return nil, wrong
		}
		if s.Command == "" {
			return nil, errors.New("updated input for bash: empty command")
		}
		args["command"] = s.Command
		setOrDrop(args, "workdir", s.Cwd)
		if s.Description != "" {
			args["description"] = s.Description
		}
		if s.Timeout > 0 {
			args["timeout"] = s.Timeout.Milliseconds()
		} else {
			delete(args, "timeout")
		}
	case ToolWrite:
		w, ok := in.(*hooks.WriteInput)
		if !ok || w == nil {
			return nil, wrong
		}
		if w.Path == "" {
			return nil, errors.New("updated input for write: empty path")
		}
		args["filePath"], args["content"] = w.Path, w.Content
	case ToolEdit:
		e, ok := in.(*hooks.EditInput)
		if !ok || e == nil {
			return nil, wrong
		}
		if e.Path == "" || len(e.Edits) != 1 {
			return nil, errors.New("updated input for edit: need a path and exactly one edit")
		}
		args["filePath"], args["oldString"], args["newString"] = e.Path, e.Edits[0].Old, e.Edits[0].New
		args["replaceAll"] = e.Edits[0].ReplaceAll
	case ToolRead:
		r, ok := in.(*hooks.ReadInput)
		if !ok || r == nil {
			return nil, wrong
		}
		if r.Path == "" {
			return nil, errors.New("updated input for read: empty path")
		}
		args["filePath"] = r.Path
	case ToolPatch:
		p, ok := in.(*hooks.PatchInput)
		if !ok || p == nil {
			return nil, wrong
		}
		if p.Patch == "" {
			return nil, errors.New("updated input for apply_patch: empty patch")
		}
		args["patchText"] = p.Patch
	default:
		return nil, fmt.Errorf("updated input for %s: the tool has no typed input, use hooks.RawInput", t.Name)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(args); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// setOrDrop sets args[k] to v, or removes k when v is empty.
func setOrDrop(args map[string]any, k, v string) {
	if v == "" {
		delete(args, k)
		return
	}
	args[k] = v
}
