package opencode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// defaultDeny is the reason written when a deny gives none: the plugin
// throws it, and the model reads it.
const defaultDeny = "Blocked by hook"

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
	if ev == nil {
		return hooks.Output{}, errors.New("opencode: no event")
	}
	native := ev.Common().NativeEvent
	if !inMatrix(native) {
		if r.Decision == hooks.DecisionDeny || r.Decision == hooks.DecisionAsk {
			return hooks.Output{ExitCode: 2, Stderr: oneLine(orDefault(r.Reason, defaultDeny))}, nil
		}
		return hooks.Output{}, nil
	}
	honours := hooks.Supports(capabilities[:], native)
	var a Answer
	if r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny) {
		a.Decision, a.Reason = "block", defaultDeny
		if honours.Has(hooks.FieldReason) {
			a.Reason = orDefault(r.Reason, defaultDeny)
		}
	}
	if r.UpdatedInput != nil && a.Decision == "" && honours.Has(hooks.FieldUpdatedInput) {
		t := hooks.ToolOf(ev)
		if t == nil {
			return hooks.Output{}, errors.New("opencode: an updated input on an event without a tool")
		}
		args, err := nativeArgs(t, r.UpdatedInput)
		if err != nil {
			return hooks.Output{}, fmt.Errorf("opencode: %w", err)
		}
		a.Args = args
	}
	if r.Context != "" && honours.Has(hooks.FieldContext) {
		a.Context = r.Context
	}
	if a.Decision == "" && a.Args == nil && a.Context == "" {
		return hooks.Output{}, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&a); err != nil {
		return hooks.Output{}, fmt.Errorf("opencode: encode answer: %w", err)
	}
	return hooks.Output{Stdout: buf.Bytes()}, nil
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

func orDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// oneLine folds s onto one line (stderr carries one line).
func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}
