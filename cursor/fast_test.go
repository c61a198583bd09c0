package cursor

import (
	"encoding/json"
	"reflect"
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

// checkFast compares the readers with the reference on payload.
func checkFast(t *testing.T, payload []byte) bool {
	ok := fastcheck.Decode(t, payload, fastInput)
	var in Input
	if fastcheck.Unmarshal(payload, &in) == nil {
		if len(in.ToolInput) > 0 && in.ToolInput[0] == '{' {
			read := func(b []byte) (hooks.ToolInput, error) { return typedInput(ToolShell, b) }
			fastcheck.ToolInput(t, in.ToolInput, "command", fastjson.Unique, read, func(s *ShellToolInput) hooks.ToolInput {
				return &hooks.ShellInput{Command: s.Command, Cwd: s.Cwd, Timeout: millis(s.Timeout)}
			})
			checkPath(t, in.ToolInput)
		}
		var s string
		if json.Unmarshal(in.ToolOutput, &s) == nil {
			checkOutputText(t, []byte(s))
		}
		checkOutputText(t, in.ToolOutput)
	}
	return ok
}

// checkPath compares readPath with the reference on raw: the same fields
// where the reference reads raw, and an error exactly when neither path
// key holds a string, when one appears twice or in another case, or when
// both do and differ.
func checkPath(t *testing.T, raw []byte) {
	var want pathFields
	if fastcheck.Unmarshal(raw, &want) != nil {
		return
	}
	got, err := readPath(raw)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("readPath(%s) = %+v, reference %+v", raw, got, want)
	}
	count := map[string]int{}
	variant := false
	d, _ := fastjson.Object(raw)
	d.Members(func(k string, v fastjson.Value) bool {
		if _, ok := v.String(); ok && (k == "file_path" || k == "path") {
			count[k]++
		} else if k == "file_path" || k == "path" {
			count[k] += 100 // present, not a string
		} else if strings.EqualFold(k, "file_path") || strings.EqualFold(k, "path") {
			variant = true
		}
		return true
	})
	bad := variant || count["file_path"] > 1 || count["path"] > 1 || count["file_path"]+count["path"] == 0 ||
		count["file_path"] == 1 && count["path"] == 1 && want.FilePath != want.Path
	if (err != nil) != bad {
		t.Fatalf("readPath(%s): error %v, want an error: %v", raw, err, bad)
	}
}

// checkOutputText compares readOutput with the reference.
func checkOutputText(t *testing.T, raw []byte) {
	var body struct {
		Output  *string `json:"output"`
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
	}
	if fastcheck.Unmarshal(raw, &body) != nil {
		return
	}
	want := ""
	if body.Output != nil {
		want = *body.Output
	} else {
		var parts []string
		for _, c := range body.Content {
			if c.Type == "text" {
				parts = append(parts, c.Text)
			}
		}
		want = strings.Join(parts, "\n")
	}
	if got := readOutput(raw); got != want {
		t.Fatalf("readOutput(%s) = %q, reference %q", raw, got, want)
	}
}

func TestFastInput(t *testing.T) {
	for _, p := range fixtureInputs(t) {
		var in Input
		if fastcheck.Unmarshal(p, &in) != nil {
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
