package cursor

import (
	"encoding/json"
	"fmt"

	"github.com/agenthooks/hooks"
)

// NativeUpdatedMCPToolOutput is the native answer updated_mcp_tool_output
// ([hooks.Native]); build it with [UpdatedMCPToolOutput].
const NativeUpdatedMCPToolOutput = "updated_mcp_tool_output"

// UpdatedMCPToolOutput returns the native answer updated_mcp_tool_output
// on postToolUse of an MCP tool: the result the model receives in place of
// the MCP server's, a JSON object in the MCP result's shape
// ({"content":[{"type":"text","text":…}]}). Documented by Cursor, not
// measured (Cursor cannot run here). On any other tool the answer is
// refused.
func UpdatedMCPToolOutput(result json.RawMessage) hooks.Native {
	return hooks.Native{Host: Host, Name: NativeUpdatedMCPToolOutput, Value: result}
}

// nativeAnswers returns the capability data of the native answers (built
// on call: a package variable would be start-up work of every hook).
func nativeAnswers() []hooks.NativeAnswer {
	return []hooks.NativeAnswer{
		{Name: NativeUpdatedMCPToolOutput, Events: []string{EventPostToolUse}, Evidence: "documented",
			Notes: "MCP tools only (Cursor's hooks documentation); not measured: Cursor cannot run here and no capture shows it"},
	}
}

// NativeAnswers implements hooks.NativeTaker: the answers above, with the
// events Cursor takes them on and the evidence.
func (*Adapter) NativeAnswers() []hooks.NativeAnswer { return nativeAnswers() }

// applyNative writes r's native answers into o, checking their values.
func applyNative(ev hooks.Event, r hooks.Response, o *Output) error {
	native := ev.Common().NativeEvent
	for _, n := range r.Native {
		if n.Name != NativeUpdatedMCPToolOutput || native != EventPostToolUse {
			return fmt.Errorf("native answer %s refused: cursor does not take it on %s", n, native)
		}
		if t := hooks.ToolOf(ev); t == nil || t.Kind() != hooks.KindMCP {
			return fmt.Errorf("native answer %s refused: the tool is not an MCP tool", n)
		}
		var v map[string]json.RawMessage
		if err := hooks.NativeValue(n, &v); err != nil {
			return err
		}
		if v == nil {
			return fmt.Errorf("native answer %s refused: not a JSON object", n)
		}
		o.UpdatedMCPToolOutput = n.Value
	}
	return nil
}
