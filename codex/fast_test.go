package codex

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/agenthooks/hooks/internal/fastjson/fastcheck"
)

func TestFastKeys(t *testing.T) {
	fastcheck.Keys[Input](t, inputKeys[:])
	fastcheck.Keys[ShellToolInput](t, shellKeys[:])
	fastcheck.Keys[PatchToolInput](t, patchKeys[:])
}

// fastSeeds are payloads the fast path must refuse or read exactly as
// encoding/json: case-folded and duplicate keys, nulls, wrong types.
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

// checkFast compares the fast decoders with encoding/json on payload.
func checkFast(t *testing.T, payload []byte) bool {
	ok := fastcheck.Decode(t, payload, fastInput)
	var in Input
	if json.Unmarshal(payload, &in) == nil && len(in.ToolInput) > 0 {
		for _, name := range []string{ToolShell, ToolApplyPatch} {
			in.ToolName = name
			// The fast path must succeed only where decodeToolInput does,
			// with the same value.
			var fs, ss ShellToolInput
			var fp, sp PatchToolInput
			for _, c := range []struct {
				fast, slow any
				eq         func() bool
			}{
				{&fs, &ss, func() bool { return fs == ss }},
				{&fp, &sp, func() bool { return fp == sp }},
			} {
				if fastToolInput(in.ToolInput, c.fast) {
					if err := slowToolInput(in.ToolInput, c.slow); err != nil || !c.eq() {
						t.Fatalf("fast path read %s as %+v; encoding/json: %+v, %v", in.ToolInput, c.fast, c.slow, err)
					}
				}
			}
		}
	}
	return ok
}

func TestFastInput(t *testing.T) {
	for _, fx := range fixtures(t) {
		var in Input
		if json.Unmarshal(fx.input, &in) != nil {
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

// slowToolInput is decodeToolInput with encoding/json only.
func slowToolInput(raw json.RawMessage, v any) error {
	var probe struct {
		Command *string `json:"command"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		return err
	}
	if probe.Command == nil {
		return errors.New("no command")
	}
	return json.Unmarshal(raw, v)
}
