package codex

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
	"github.com/agenthooks/hooks/internal/fastjson/fastcheck"
)

// fastSeeds are payloads the readers must refuse or read exactly as the
// reference (fastcheck.Unmarshal: exact keys, the last duplicate wins):
// case variants and duplicate keys, nulls, wrong types, escaped keys.
var fastSeeds = []string{
	`{"hook_event_name":"Stop","Hook_Event_Name":"PreToolUse"}`,
	`{"hook_event_name":"Stop","transcript_path":null,"last_assistant_message":"a","last_assistant_message":null}`,
	`{"hook_event_name":"Stop","stop_hook_active":"yes"}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls","command":null}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls \"a\"","description":7}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"Command":"ls"}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** End Patch","description":7}}`,
	`{"hook_event_name":"PreToolUse"} `, `{"hook_event_name":"PreToolUse"} {}`,
}

// checkFast compares the readers with the reference on payload.
func checkFast(t *testing.T, payload []byte) bool {
	ok := fastcheck.Decode(t, payload, fastInput)
	var in Input
	if fastcheck.Unmarshal(payload, &in) == nil && len(in.ToolInput) > 0 {
		read := func(b []byte) (hooks.ToolInput, error) {
			cmd, desc, err := readToolInput(b)
			return &hooks.ShellInput{Command: cmd, Description: desc}, err
		}
		fastcheck.ToolInput(t, in.ToolInput, "command", fastjson.Unique, read, func(s *ShellToolInput) hooks.ToolInput {
			return &hooks.ShellInput{Command: s.Command, Description: s.Description}
		})
	}
	return ok
}

func TestFastInput(t *testing.T) {
	for _, fx := range fixtures(t) {
		var in Input
		if fastcheck.Unmarshal(fx.input, &in) != nil {
			checkFast(t, fx.input)
			continue
		}
		if !checkFast(t, fx.input) {
			t.Errorf("%s: fast path refused %s", fx.name, fx.input)
		}
	}
	for _, s := range fastSeeds {
		checkFast(t, []byte(s))
	}
}

func FuzzFastInput(f *testing.F) {
	for _, fx := range fixtures(f) {
		f.Add(fx.input)
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
			{Continue: &no, StopReason: s, SystemMessage: s, Decision: "block", Reason: s},
			{HookSpecificOutput: &HookSpecificOutput{HookEventName: s, PermissionDecision: "deny", PermissionDecisionReason: s, AdditionalContext: s}},
			{HookSpecificOutput: &HookSpecificOutput{HookEventName: "PermissionRequest", Decision: &PermissionDecision{Behavior: "deny", Message: s}}},
			{HookSpecificOutput: &HookSpecificOutput{HookEventName: "PermissionRequest", Decision: &PermissionDecision{Behavior: "allow"}}},
		} {
			got, ok := appendOutput(nil, &o)
			if !ok {
				t.Fatalf("fast path refused %+v", o)
			}
			fastcheck.Encode(t, append(got, '\n'), o, false)
		}
	}
	o := Output{HookSpecificOutput: &HookSpecificOutput{HookEventName: "PreToolUse", UpdatedInput: json.RawMessage(`{"command": "ls"}`)}}
	if got, ok := appendOutput(nil, &o); ok {
		t.Errorf("fast path wrote an updated input itself: %s", got)
	}
}
