package claude

import (
	"encoding/json"
	"strings"
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

// checkFast compares the readers with the reference on payload.
func checkFast(t *testing.T, payload []byte) bool {
	ok := fastcheck.Decode(t, payload, fastInput)
	var in Input
	if fastcheck.Unmarshal(payload, &in) != nil {
		return ok
	}
	if len(in.ToolResponse) > 0 {
		var want bashOutput
		if got, ok := readBashOutput(in.ToolResponse); ok && fastcheck.Unmarshal(in.ToolResponse, &want) == nil && got != want {
			t.Fatalf("readBashOutput(%s) = %+v, reference %+v", in.ToolResponse, got, want)
		}
	}
	if len(in.ToolInput) > 0 {
		checkToolInput(t, in.ToolInput)
	}
	return ok
}

// checkToolInput compares parseToolInput with the reference on raw, for
// each tool with a typed input.
func checkToolInput(t *testing.T, raw json.RawMessage) {
	t.Helper()
	read := func(tool string) func([]byte) (hooks.ToolInput, error) {
		return func(b []byte) (hooks.ToolInput, error) { return parseBoth(t, tool, b) }
	}
	fastcheck.ToolInput(t, raw, "command", fastjson.LastWins, read(ToolBash), func(b *BashInput) hooks.ToolInput {
		return &hooks.ShellInput{Command: b.Command, Description: b.Description, Timeout: msDuration(b.Timeout)}
	})
	fastcheck.ToolInput(t, raw, "file_path", fastjson.LastWins, read(ToolWrite), func(w *WriteInput) hooks.ToolInput {
		return &hooks.WriteInput{Path: w.FilePath, Content: w.Content}
	})
	fastcheck.ToolInput(t, raw, "file_path", fastjson.LastWins, read(ToolEdit), func(e *EditInput) hooks.ToolInput {
		return &hooks.EditInput{Path: e.FilePath, Edits: []hooks.TextEdit{{Old: e.OldString, New: e.NewString, ReplaceAll: e.ReplaceAll}}}
	})
	fastcheck.ToolInput(t, raw, "file_path", fastjson.LastWins, read(ToolRead), func(r *ReadInput) hooks.ToolInput {
		return &hooks.ReadInput{Path: r.FilePath}
	})
}

func TestFastInput(t *testing.T) {
	for _, p := range fixtureInputs(t) {
		var in Input
		if fastcheck.Unmarshal(p, &in) != nil {
			checkFast(t, p)
			continue
		}
		// Every fixture the reference reads must be read.
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

// An answer is written into one buffer of its size: a deny with a long
// reason, as the guard's are, costs no more allocations than a short one.
func TestSerializeOneBuffer(t *testing.T) {
	a := New()
	ev, err := a.Parse([]byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"}}`))
	if err != nil {
		t.Fatal(err)
	}
	allocs := func(reason string) float64 {
		return testing.AllocsPerRun(20, func() {
			out, err := a.Serialize(ev, hooks.Deny(reason))
			if err != nil || !strings.Contains(string(out.Stdout), reason) {
				t.Fatalf("Serialize: %q, %v", out.Stdout, err)
			}
		})
	}
	short, long := allocs("no"), allocs(strings.Repeat("a reason of many words, ", 40))
	if long != short {
		t.Errorf("a long reason takes %.0f allocations, a short one %.0f: the buffer grew", long, short)
	}
}
