package cursor

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks/internal/fastjson/fastcheck"
)

func TestFastKeys(t *testing.T) {
	fastcheck.Keys[Input](t, inputKeys[:])
	fastcheck.Keys[ShellToolInput](t, shellKeys[:])
	fastcheck.Keys[pathFields](t, pathKeys[:])
}

// fastSeeds are payloads the fast path must refuse or read exactly as
// encoding/json: case-folded and duplicate keys, nulls, wrong types.
var fastSeeds = []string{
	`{"hook_event_name":"stop","Hook_Event_Name":"preToolUse"}`,
	`{"hook_event_name":"stop","loop_count":1.5}`, `{"hook_event_name":"stop","loop_count":"1"}`, `{"hook_event_name":"stop","loop_count":null}`,
	`{"hook_event_name":"stop","workspace_roots":["/a","/b"],"workspace_roots":["/c",null]}`,
	`{"hook_event_name":"stop","workspace_roots":[],"transcript_path":null}`,
	`{"hook_event_name":"afterFileEdit","file_path":"/x","edits":[{"old_string":"a","new_string":"b"}]}`,
	`{"hook_event_name":"afterFileEdit","file_path":"/x","edits":null}`,
	`{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"ls \"a\"\n","timeout":"x"}}`,
	`{"hook_event_name":"preToolUse","tool_name":"Write","tool_input":{"path":"/x","contents":"a","content":null,"Replace_All":true}}`,
	`{"hook_event_name":"postToolUse","tool_name":"Shell","tool_input":{},"tool_output":"{\"output\":\"a\\u00e9\",\"content\":null}"}`,
	`{"hook_event_name":"postToolUse","tool_name":"Shell","tool_input":{},"tool_output":"{\"output\":null,\"output\":\"x\"}"}`,
	`{"hook_event_name":"stop"} `, `{"hook_event_name":"stop"}x`,
}

// checkFast compares the fast decoders with encoding/json on payload.
func checkFast(t *testing.T, payload []byte) bool {
	ok := fastcheck.Decode(t, payload, fastInput)
	var in Input
	if json.Unmarshal(payload, &in) == nil {
		if len(in.ToolInput) > 0 {
			fastcheck.Decode(t, in.ToolInput, func(b []byte, v *ShellToolInput) bool { return fastDecode(b, v) })
			fastcheck.Decode(t, in.ToolInput, func(b []byte, v *pathFields) bool { return fastDecode(b, v) })
		}
		var s string
		if json.Unmarshal(in.ToolOutput, &s) == nil {
			checkOutputText(t, []byte(s))
		}
		checkOutputText(t, in.ToolOutput)
	}
	return ok
}

// checkOutputText compares fastOutputText with toolOutput's decode.
func checkOutputText(t *testing.T, raw []byte) {
	got, ok := fastOutputText(raw)
	if !ok {
		return
	}
	var body struct {
		Output  *string `json:"output"`
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
	}
	if err := json.Unmarshal(raw, &body); err != nil || body.Content != nil ||
		(got == nil) != (body.Output == nil) || got != nil && *got != *body.Output {
		t.Fatalf("fastOutputText(%s) = %v; encoding/json %+v, %v", raw, got, body, err)
	}
}

func TestFastInput(t *testing.T) {
	for _, p := range fixtureInputs(t) {
		var in Input
		if json.Unmarshal(p, &in) != nil || in.Edits != nil {
			checkFast(t, p)
			continue
		}
		if !checkFast(t, p) {
			t.Errorf("fast path refused %s", p)
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
			{Permission: "deny", Continue: &no, UserMessage: s, AgentMessage: s, AdditionalContext: s, FollowupMessage: s},
		} {
			got, ok := appendOutput(nil, &o)
			if !ok {
				t.Fatalf("fast path refused %+v", o)
			}
			fastcheck.Encode(t, append(got, '\n'), &o, true)
		}
	}
	if got, ok := appendOutput(nil, &Output{UpdatedInput: json.RawMessage(`{"command": "ls"}`)}); ok {
		t.Errorf("fast path wrote an updated input itself: %s", got)
	}
}
