package codex

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
)

// Native tool names.
const (
	// ToolShell is the name hooks see for every shell call (the model's
	// exec_command or shell tool).
	ToolShell = "Bash"
	// ToolApplyPatch is the name hooks see for Codex's file-edit tool.
	ToolApplyPatch = "apply_patch"
)

// parseTool builds the unified tool of a tool event.
func parseTool(in *Input) (hooks.Tool, error) {
	if in.ToolName == "" {
		return hooks.Tool{}, fmt.Errorf("codex: %s payload has no tool_name", in.HookEventName)
	}
	t := hooks.Tool{Name: in.ToolName, ID: in.ToolUseID, RawInput: in.ToolInput}
	switch in.ToolName {
	case ToolShell:
		cmd, desc, err := readToolInput(in.ToolInput)
		sh := &hooks.ShellInput{Command: cmd, Description: desc}
		if p, ok := PatchFromShell(cmd); ok {
			sh.Patch = &p
		}
		t.Input, t.InputErr = sh, wrapInput(in.ToolName, err)
	case ToolApplyPatch:
		patch, _, err := readToolInput(in.ToolInput)
		// A malformed patch is not a parse error: Codex refuses to apply
		// it, and the files its headers name are still listed (see
		// ParsePatch), so a path policy sees them.
		files, _ := ParsePatch(patch)
		t.Input, t.InputErr = &hooks.PatchInput{Patch: patch, Files: files}, wrapInput(in.ToolName, err)
	default:
		t.Input = otherInput(in.ToolName, in.ToolInput)
	}
	return t, nil
}

// wrapInput names the tool in a tool_input error.
func wrapInput(tool string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("codex: %s tool_input: %w", tool, err)
}

// otherInput types the input of a tool that is neither the shell nor
// apply_patch: an MCP call when the name is mcp__<server>__<tool> and the
// input an object, else the raw input.
func otherInput(name string, raw json.RawMessage) hooks.ToolInput {
	if server, tool, ok := SplitMCPName(name); ok {
		args := bytes.TrimSpace(raw)
		if len(args) > 0 && args[0] == '{' {
			return &hooks.MCPInput{Server: server, Tool: tool, Arguments: raw}
		}
	}
	return hooks.RawInput(raw)
}

// SplitMCPName splits the hook name of an MCP tool, mcp__<server>__<tool>,
// at the first "__" after the prefix. Codex builds the name from the
// server's callable namespace and the tool's name (source, not measured in
// 0.171); a server name that itself holds "__" cannot be told apart.
func SplitMCPName(name string) (server, tool string, ok bool) {
	return claudewire.SplitMCP(name)
}

// ErrPatchFilesChanged is returned when an updated *hooks.PatchInput has
// Files that do not match its Patch: Codex applies the patch text only, so
// a rewrite must change Patch.
var ErrPatchFilesChanged = errors.New("codex: updated PatchInput.Files do not match PatchInput.Patch; Codex applies only the patch text, so change Patch (Files are read-only, parsed from it)")

// nativeToolInput converts an UpdatedInput back to Codex's tool_input for
// tool t, starting from t's original input so fields the unified type does
// not model are kept.
func nativeToolInput(t *hooks.Tool, up hooks.ToolInput) (json.RawMessage, error) {
	if raw, ok := up.(hooks.RawInput); ok {
		if !json.Valid(raw) {
			return nil, errors.New("codex: updated RawInput is not valid JSON")
		}
		return json.RawMessage(raw), nil
	}
	want := t.Kind()
	if up.Kind() != want {
		return nil, fmt.Errorf("codex: updated input of kind %s for tool %q, which takes %s", up.Kind(), t.Name, want)
	}
	switch in := up.(type) {
	case *hooks.ShellInput:
		if in.Command == "" {
			return nil, errors.New("codex: updated ShellInput has an empty command")
		}
		if in.Cwd != "" || in.Timeout != 0 {
			return nil, errors.New("codex: Codex's shell input has only a command: an updated Cwd or Timeout cannot be applied (put a cd in the command)")
		}
		fields := map[string]any{"command": in.Command}
		if in.Description != "" {
			fields["description"] = in.Description
		}
		return merge(t.RawInput, fields)
	case *hooks.PatchInput:
		if strings.TrimSpace(in.Patch) == "" {
			return nil, errors.New("codex: updated PatchInput has an empty patch")
		}
		if in.Files != nil {
			files, _ := ParsePatch(in.Patch)
			if !slices.Equal(files, in.Files) {
				return nil, ErrPatchFilesChanged
			}
		}
		return merge(t.RawInput, map[string]any{"command": in.Patch})
	case *hooks.MCPInput:
		orig, _ := t.Input.(*hooks.MCPInput)
		if orig != nil && (in.Server != "" && in.Server != orig.Server || in.Tool != "" && in.Tool != orig.Tool) {
			return nil, fmt.Errorf("codex: an updated input cannot change the MCP tool (%s/%s to %s/%s)", orig.Server, orig.Tool, in.Server, in.Tool)
		}
		args := bytes.TrimSpace(in.Arguments)
		if len(args) == 0 || args[0] != '{' || !json.Valid(args) {
			return nil, errors.New("codex: updated MCPInput.Arguments must be a JSON object")
		}
		// The arguments are the whole tool input: replace, do not merge,
		// so that a removed argument stays removed.
		return json.RawMessage(args), nil
	}
	return nil, fmt.Errorf("codex: cannot send an updated input of type %T", up)
}

// merge returns the JSON object orig with fields set over it.
func merge(orig json.RawMessage, fields map[string]any) (json.RawMessage, error) {
	obj := map[string]json.RawMessage{}
	if len(bytes.TrimSpace(orig)) > 0 {
		if err := json.Unmarshal(orig, &obj); err != nil {
			return nil, fmt.Errorf("codex: original tool_input is not an object: %w", err)
		}
	}
	for k, v := range fields {
		b, err := marshal(v)
		if err != nil {
			return nil, err
		}
		obj[k] = b
	}
	return marshal(obj)
}

// marshal is json.Marshal without HTML escaping and without the newline.
func marshal(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
