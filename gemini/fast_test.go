package gemini

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks/internal/fastjson/fastcheck"
)

func TestFastKeys(t *testing.T) {
	fastcheck.Keys[Input](t, inputKeys[:])
	fastcheck.Keys[shellArgs](t, shellKeys[:])
	fastcheck.Keys[writeArgs](t, writeKeys[:])
	fastcheck.Keys[replaceArgs](t, replaceKeys[:])
	fastcheck.Keys[readArgs](t, readKeys[:])
	fastcheck.Keys[ToolResponse](t, responseKeys[:])
}

// fastSeeds are payloads the fast path must refuse or read exactly as
// encoding/json: case-folded and duplicate keys, nulls, wrong types.
var fastSeeds = []string{
	`{"hook_event_name":"AfterAgent","Hook_Event_Name":"BeforeTool"}`,
	`{"hook_event_name":"AfterAgent","cwd":"a","cwd":null,"stop_hook_active":null}`,
	`{"hook_event_name":"AfterAgent","stop_hook_active":"yes"}`,
	`{"hook_event_name":"BeforeTool","tool_name":"mcp_s_t","tool_input":{},"mcp_context":{"server_name":"s","tool_name":"t","args":["a"]}}`,
	`{"hook_event_name":"BeforeTool","tool_name":"mcp_s_t","tool_input":{},"mcp_context":null}`,
	`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls \"a\"\n","dir_path":null,"Description":"x"}}`,
	`{"hook_event_name":"BeforeTool","tool_name":"replace","tool_input":{"file_path":"/x","old_string":"a","new_string":"b","allow_multiple":"yes"}}`,
	`{"hook_event_name":"AfterTool","tool_name":"read_file","tool_input":{"file_path":"/x"},"tool_response":{"llmContent":"a\u00e9","LLMContent":"b"}}`,
	`{"hook_event_name":"AfterTool","tool_name":"read_file","tool_input":{"file_path":"/x"},"tool_response":{"llmContent":[{"text":"a"}],"error":null}}`,
	`{"hook_event_name":"BeforeAgent"} `, `{"hook_event_name":"BeforeAgent"}x`,
}

// checkFast compares the fast decoders with encoding/json on payload.
func checkFast(t *testing.T, payload []byte) bool {
	ok := fastcheck.Decode(t, payload, fastInput)
	var in Input
	if json.Unmarshal(payload, &in) == nil {
		if len(in.ToolInput) > 0 {
			fastcheck.Decode(t, in.ToolInput, func(b []byte, v *shellArgs) bool { return fastDecode(b, v) })
			fastcheck.Decode(t, in.ToolInput, func(b []byte, v *writeArgs) bool { return fastDecode(b, v) })
			fastcheck.Decode(t, in.ToolInput, func(b []byte, v *replaceArgs) bool { return fastDecode(b, v) })
			fastcheck.Decode(t, in.ToolInput, func(b []byte, v *readArgs) bool { return fastDecode(b, v) })
		}
		if len(in.ToolResponse) > 0 {
			fastcheck.Decode(t, in.ToolResponse, func(b []byte, v *ToolResponse) bool { return fastDecode(b, v) })
		}
	}
	return ok
}

func TestFastInput(t *testing.T) {
	for name, p := range fixtureInputs(t) {
		var in Input
		if json.Unmarshal(p, &in) != nil || in.MCPContext != nil {
			checkFast(t, p)
			continue
		}
		if !checkFast(t, p) {
			t.Errorf("%s: fast path refused %s", name, p)
		}
	}
	for _, s := range fastSeeds {
		checkFast(t, []byte(s))
	}
}

func FuzzFastInput(f *testing.F) {
	for _, p := range fixtureInputs(f) {
		f.Add(p)
	}
	for _, s := range fastSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, payload []byte) { checkFast(t, payload) })
}

func TestFastOutput(t *testing.T) {
	no := false
	for _, s := range fastcheck.Strings {
		for _, o := range []Output{
			{},
			{Decision: "deny", Reason: s, Continue: &no, StopReason: s, SystemMessage: s, SuppressOutput: true},
			{HookSpecificOutput: &HookSpecificOutput{HookEventName: s, AdditionalContext: s, ClearContext: true}},
			{HookSpecificOutput: &HookSpecificOutput{}},
		} {
			got, ok := appendOutput(nil, &o)
			if !ok {
				t.Fatalf("fast path refused %+v", o)
			}
			fastcheck.Encode(t, append(got, '\n'), o, false)
		}
	}
	raw := json.RawMessage(`{"command": "ls"}`)
	for _, s := range []HookSpecificOutput{{ToolInput: raw}, {TailToolCallRequest: raw}, {LLMRequest: raw}, {LLMResponse: raw}, {ToolConfig: raw}} {
		if got, ok := appendOutput(nil, &Output{HookSpecificOutput: &s}); ok {
			t.Errorf("fast path wrote a raw value itself: %s", got)
		}
	}
}
