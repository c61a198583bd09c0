package gemini

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
	"github.com/agenthooks/hooks/internal/fastjson/fastcheck"
)

// fastSeeds are payloads the readers must refuse or read exactly as the
// reference (fastcheck.Unmarshal: exact keys, the last duplicate wins):
// case variants and duplicate keys, nulls, wrong types, escaped keys.
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

// checkFast compares the readers with the reference on payload.
func checkFast(t *testing.T, payload []byte) bool {
	ok := fastcheck.Decode(t, payload, fastInput)
	var in Input
	if fastcheck.Unmarshal(payload, &in) != nil {
		return ok
	}
	if len(in.ToolInput) > 0 {
		read := func(tool string) func([]byte) (hooks.ToolInput, error) {
			return func(b []byte) (hooks.ToolInput, error) { return toolInput(tool, b, nil) }
		}
		fastcheck.ToolInput(t, in.ToolInput, "command", fastjson.LastWins, read(ToolShell), func(a *shellArgs) hooks.ToolInput {
			return &hooks.ShellInput{Command: a.Command, Cwd: a.DirPath, Description: a.Description}
		})
		fastcheck.ToolInput(t, in.ToolInput, "file_path", fastjson.LastWins, read(ToolWrite), func(a *writeArgs) hooks.ToolInput {
			return &hooks.WriteInput{Path: a.FilePath, Content: a.Content}
		})
		fastcheck.ToolInput(t, in.ToolInput, "file_path", fastjson.LastWins, read(ToolReplace), func(a *replaceArgs) hooks.ToolInput {
			return &hooks.EditInput{Path: a.FilePath, Edits: []hooks.TextEdit{{Old: a.OldString, New: a.NewString, ReplaceAll: a.AllowMultiple}}}
		})
		fastcheck.ToolInput(t, in.ToolInput, "file_path", fastjson.LastWins, read(ToolRead), func(a *readArgs) hooks.ToolInput {
			return &hooks.ReadInput{Path: a.FilePath}
		})
	}
	if len(in.ToolResponse) > 0 {
		var want ToolResponse
		if got, ok := readResponse(in.ToolResponse); ok && fastcheck.Unmarshal(in.ToolResponse, &want) == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("readResponse(%s) = %+v, reference %+v", in.ToolResponse, got, want)
		}
	}
	return ok
}

func TestFastInput(t *testing.T) {
	for name, p := range fixtureInputs(t) {
		var in Input
		if fastcheck.Unmarshal(p, &in) != nil {
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
