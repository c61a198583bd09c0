package claude

import (
	"encoding/json"
	"fmt"

	"github.com/agenthooks/hooks"
)

// TakesOutput implements [hooks.OutputTaker]: Claude Code replaces the
// output of a tool whose output shape the adapter knows (Bash, Read, MCP
// tools) and keeps any other's when the shape does not match, so for the
// others [hooks.Fit] sends the fallback (a halt).
func (a *Adapter) TakesOutput(ev hooks.Event) bool {
	e, ok := ev.(*hooks.PostToolUseEvent)
	if !ok {
		return false
	}
	_, err := replacedOutput(e, &hooks.ToolOutput{})
	return err == nil
}

// updatedOutput writes out, the replacement of ev's tool output, into
// spec in the tool's own shape.
func updatedOutput(ev hooks.Event, out *hooks.ToolOutput, spec *HookSpecificOutput) error {
	e, ok := ev.(*hooks.PostToolUseEvent)
	if !ok {
		return fmt.Errorf("updated output on %s, which is not PostToolUse", ev.Common().NativeEvent)
	}
	b, err := replacedOutput(e, out)
	if err != nil {
		return err
	}
	if _, _, mcp := SplitMCPName(e.Tool.Name); mcp {
		spec.UpdatedMCPToolOutput = b
	} else {
		spec.UpdatedToolOutput = b
	}
	return nil
}

// replacedOutput returns the native output of e's tool with out's text in
// place of what the model reads: out.Raw as is when set, else the
// received tool_response with its text fields replaced. It fails for a
// tool whose output shape is not known, or a response not of that shape.
func replacedOutput(e *hooks.PostToolUseEvent, out *hooks.ToolOutput) (json.RawMessage, error) {
	if out.Raw != nil {
		if !json.Valid(out.Raw) {
			return nil, fmt.Errorf("updated output of %s: Raw is not JSON", e.Tool.Name)
		}
		return out.Raw, nil
	}
	var obj map[string]json.RawMessage
	received := e.Output.Raw
	isObj := len(received) > 0 && json.Unmarshal(received, &obj) == nil && obj != nil
	text, _ := json.Marshal(out.Text)
	switch name := e.Tool.Name; {
	case name == ToolBash:
		if !isObj {
			return nil, fmt.Errorf("updated output of Bash: the received tool_response is not an object")
		}
		obj["stdout"], obj["stderr"] = text, json.RawMessage(`""`)
	case name == ToolRead:
		var file map[string]json.RawMessage
		if !isObj || json.Unmarshal(obj["file"], &file) != nil || file == nil || file["content"] == nil {
			return nil, fmt.Errorf("updated output of Read: the received tool_response has no file.content")
		}
		file["content"] = text
		b, err := json.Marshal(file)
		if err != nil {
			return nil, err
		}
		obj["file"] = b
	default:
		if _, _, mcp := SplitMCPName(name); !mcp {
			return nil, fmt.Errorf("updated output of %s: its output shape is not known", name)
		}
		blocks := json.RawMessage(`[{"type":"text","text":` + string(text) + `}]`)
		if !isObj {
			// A content list, as MCP results come when not an object.
			return blocks, nil
		}
		obj = map[string]json.RawMessage{"content": blocks}
	}
	return json.Marshal(obj)
}
