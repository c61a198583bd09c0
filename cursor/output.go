package cursor

import (
	"encoding/json"
	"errors"

	"github.com/agenthooks/hooks"
)

// TakesOutput implements [hooks.OutputTaker]: Cursor replaces the result
// of an MCP tool on postToolUse (updated_mcp_tool_output, documented), and
// of no other tool.
func (*Adapter) TakesOutput(ev hooks.Event) bool {
	t := hooks.ToolOf(ev)
	return ev.Common().NativeEvent == EventPostToolUse && t != nil && t.Kind() == hooks.KindMCP
}

// mcpOutput returns updated_mcp_tool_output for out: out.Raw as is when
// set (a JSON object in the MCP result's shape), else one text block.
func mcpOutput(ev hooks.Event, out *hooks.ToolOutput) (json.RawMessage, error) {
	if t := hooks.ToolOf(ev); t == nil || t.Kind() != hooks.KindMCP {
		return nil, errors.New("cursor: an updated output is taken for MCP tools only")
	}
	if out.Raw != nil {
		var v map[string]json.RawMessage
		if json.Unmarshal(out.Raw, &v) != nil || v == nil {
			return nil, errors.New("cursor: updated output Raw is not a JSON object")
		}
		return out.Raw, nil
	}
	text, err := json.Marshal(out.Text)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(`{"content":[{"type":"text","text":` + string(text) + `}]}`), nil
}
