package claude

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/internal/fastjson/fastcheck"
)

func TestFastKeys(t *testing.T) {
	fastcheck.Keys[Input](t, inputKeys[:])
	fastcheck.Keys[BashInput](t, bashKeys[:])
	fastcheck.Keys[WriteInput](t, writeKeys[:])
	fastcheck.Keys[EditInput](t, editKeys[:])
	fastcheck.Keys[ReadInput](t, readKeys[:])
	fastcheck.Keys[bashOutput](t, bashOutputKeys[:])
}

// fastSeeds are payloads the fast path must refuse or read exactly as
// encoding/json: case-folded and duplicate keys, nulls, wrong types.
var fastSeeds = []string{
	`{"hook_event_name":"Stop","Hook_Event_Name":"PreToolUse"}`,
	`{"hook_event_name":"Stop","cwd":"a","cwd":null}`,
	`{"hook_event_name":"Stop","stop_hook_active":"yes"}`,
	`{"hook_event_name":"PostToolUse","duration_ms":1e400}`,
	`{"hook_event_name":"PostToolUse","duration_ms":12.5,"is_interrupt":null,"tool_response":null}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls \"a b\"\n","timeout":1e3,"COMMAND":"x"}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{"file_path":"/x","old_string":"a","new_string":"b","replace_all":1}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":null,"content":"\u00e9\ud83d\ude00"}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/x","offset":3}}`,
	`{"hook_event_name":"PreToolUse","ses\u0073ion_id":"x"}`,
	`{"hook_event_name":"PreToolUse"} `, `{"hook_event_name":"PreToolUse"}x`,
	`{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_response":{"stdout":"a\nb","stderr":null,"interrupted":false}}`,
	`{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_response":{"stdout":1,"STDERR":"x"}}`,
}

// checkFast compares the fast decoders with encoding/json on payload.
func checkFast(t *testing.T, payload []byte) bool {
	ok := fastcheck.Decode(t, payload, fastInput)
	var in Input
	if json.Unmarshal(payload, &in) == nil && len(in.ToolResponse) > 0 {
		fastcheck.Decode(t, in.ToolResponse, func(b []byte, v *bashOutput) bool { return fastBashOutput(b, v) })
	}
	if json.Unmarshal(payload, &in) == nil && len(in.ToolInput) > 0 {
		fastcheck.Decode(t, in.ToolInput, func(b []byte, v *BashInput) bool { return fastToolInput(b, v) })
		fastcheck.Decode(t, in.ToolInput, func(b []byte, v *WriteInput) bool { return fastToolInput(b, v) })
		fastcheck.Decode(t, in.ToolInput, func(b []byte, v *EditInput) bool { return fastToolInput(b, v) })
		fastcheck.Decode(t, in.ToolInput, func(b []byte, v *ReadInput) bool { return fastToolInput(b, v) })
	}
	return ok
}

func TestFastInput(t *testing.T) {
	for _, p := range fixtureInputs(t) {
		var in Input
		if json.Unmarshal(p, &in) != nil {
			checkFast(t, p)
			continue
		}
		// Every fixture encoding/json reads must take the fast path.
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
	no, yes := false, true
	for _, s := range fastcheck.Strings {
		for _, o := range []HookOutput{
			{},
			{Continue: &no, StopReason: s, SuppressOutput: true, Decision: "block", Reason: s, SystemMessage: s},
			{Continue: &yes, HookSpecificOutput: &HookSpecificOutput{HookEventName: "PreToolUse", PermissionDecision: "deny", PermissionDecisionReason: s, AdditionalContext: s}},
			{HookSpecificOutput: &HookSpecificOutput{HookEventName: s}},
			{HookSpecificOutput: &HookSpecificOutput{HookEventName: "PermissionRequest", Decision: &PermissionDecision{Behavior: "deny", Message: s, Interrupt: true}}},
			{HookSpecificOutput: &HookSpecificOutput{HookEventName: "PermissionRequest", Decision: &PermissionDecision{Behavior: "allow"}}},
		} {
			got, ok := appendOutput(nil, &o)
			if !ok {
				t.Fatalf("fast path refused %+v", o)
			}
			fastcheck.Encode(t, got, &o, false)
		}
	}
	raw := json.RawMessage(`{"command": "ls"}`)
	for _, o := range []HookOutput{
		{HookSpecificOutput: &HookSpecificOutput{HookEventName: "PreToolUse", UpdatedInput: raw}},
		{HookSpecificOutput: &HookSpecificOutput{HookEventName: "PermissionRequest", Decision: &PermissionDecision{Behavior: "allow", UpdatedInput: raw}}},
	} {
		if got, ok := appendOutput(nil, &o); ok {
			t.Errorf("fast path wrote an updated input itself: %s", got)
		}
	}
	if strings.Contains(string(mustAppend(t, &HookOutput{Reason: "<x>"})), `\u003c`) {
		t.Error("Claude's answers are written without HTML escaping")
	}
}

func mustAppend(t *testing.T, o *HookOutput) []byte {
	b, ok := appendOutput(nil, o)
	if !ok {
		t.Fatal("refused")
	}
	return b
}
