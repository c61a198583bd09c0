package pi

import (
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

// nativeInput applies the typed input in to args, the input of tool t's
// call (fields it does not model, such as a read's offset, are kept): see
// [shim.Serialize].
func nativeInput(t *hooks.Tool, in hooks.ToolInput, args map[string]any) error {
	wrong := fmt.Errorf("updated input of kind %s for tool %s", in.Kind(), t.Name)
	switch t.Name {
	case ToolShell:
		s, ok := in.(*hooks.ShellInput)
		if !ok || s == nil {
			return wrong
		}
		if s.Command == "" {
			return errors.New("updated input for bash: empty command")
		}
		if s.Cwd != "" {
			return errors.New("updated input for bash: Pi's bash tool has no working directory argument")
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
			return wrong
		}
		if w.Path == "" {
			return errors.New("updated input for write: empty path")
		}
		args["path"], args["content"] = w.Path, w.Content
	case ToolEdit:
		e, ok := in.(*hooks.EditInput)
		if !ok || e == nil {
			return wrong
		}
		if e.Path == "" || len(e.Edits) == 0 {
			return errors.New("updated input for edit: need a path and at least one edit")
		}
		edits := make([]map[string]string, 0, len(e.Edits))
		for _, x := range e.Edits {
			if x.ReplaceAll {
				return errors.New("updated input for edit: Pi's edit tool has no replace-all")
			}
			edits = append(edits, map[string]string{"oldText": x.Old, "newText": x.New})
		}
		args["path"], args["edits"] = e.Path, edits
	case ToolRead:
		r, ok := in.(*hooks.ReadInput)
		if !ok || r == nil {
			return wrong
		}
		if r.Path == "" {
			return errors.New("updated input for read: empty path")
		}
		args["path"] = r.Path
	default:
		return fmt.Errorf("updated input for %s: the tool has no typed input, use hooks.RawInput", t.Name)
	}
	return nil
}
