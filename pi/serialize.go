package pi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/shim"
)

// Serialize renders r as the extension reads it (see [Answer]): one JSON
// object on stdout with exit code 0, or no output for no opinion.
//
//   - tool_call: a deny is {"decision":"block","reason":…} (always with
//     a reason, which the model reads); an updated input is
//     {"input":{…}}, the complete input: the call's own, with the fields
//     of the typed input replaced.
//   - tool_result: context is {"context":…}.
//
// For an event outside the matrix a deny is exit code 2 with the reason
// on stderr, which the extension also takes as a block.
func (*Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	return shim.Serialize(&shimHost, capabilities[:], ev, r, nativeInput, func(a shim.Reply) any {
		return &Answer{Decision: a.Decision, Reason: a.Reason, Input: a.Input, Context: a.Context}
	})
}

// nativeInput returns the complete input for tool t with the typed input
// in applied over the call's own (fields it does not model, such as a
// read's offset, are kept).
func nativeInput(t *hooks.Tool, in hooks.ToolInput) (json.RawMessage, error) {
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
		if s.Cwd != "" {
			return nil, errors.New("updated input for bash: Pi's bash tool has no working directory argument")
		}
		args["command"] = s.Command
		if s.Timeout > 0 {
			args["timeout"] = s.Timeout.Seconds()
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
		args["path"], args["content"] = w.Path, w.Content
	case ToolEdit:
		e, ok := in.(*hooks.EditInput)
		if !ok || e == nil {
			return nil, wrong
		}
		if e.Path == "" || len(e.Edits) == 0 {
			return nil, errors.New("updated input for edit: need a path and at least one edit")
		}
		edits := make([]map[string]string, 0, len(e.Edits))
		for _, x := range e.Edits {
			if x.ReplaceAll {
				return nil, errors.New("updated input for edit: Pi's edit tool has no replace-all")
			}
			edits = append(edits, map[string]string{"oldText": x.Old, "newText": x.New})
		}
		args["path"], args["edits"] = e.Path, edits
	case ToolRead:
		r, ok := in.(*hooks.ReadInput)
		if !ok || r == nil {
			return nil, wrong
		}
		if r.Path == "" {
			return nil, errors.New("updated input for read: empty path")
		}
		args["path"] = r.Path
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
