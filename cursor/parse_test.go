package cursor

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/writes"
)

func TestParseRejects(t *testing.T) {
	a := New()
	for name, in := range map[string]string{
		"empty":                 ``,
		"spaces":                "  \n",
		"null":                  `null`,
		"array":                 `[{"hook_event_name":"stop"}]`,
		"string":                `"stop"`,
		"not json":              `{hook_event_name: stop}`,
		"truncated":             `{"hook_event_name":"stop"`,
		"no event name":         `{"conversation_id":"c"}`,
		"empty event name":      `{"hook_event_name":""}`,
		"event name not string": `{"hook_event_name":3}`,
		"second document":       `{"hook_event_name":"stop"} {"hook_event_name":"stop"}`,
		"trailing garbage":      `{"hook_event_name":"stop"}}`,
		"roots not strings":     `{"hook_event_name":"stop","workspace_roots":[1]}`,
		"loop_count a string":   `{"hook_event_name":"stop","loop_count":"1"}`,
		"tool_input an array":   `{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":["ls"]}`,
		"mcp input not json":    `{"hook_event_name":"beforeMCPExecution","tool_name":"x","tool_input":"not json"}`,
		"shell output a number": `{"hook_event_name":"afterShellExecution","command":"ls","output":5}`,
		"edits not a list":      `{"hook_event_name":"afterFileEdit","file_path":"/a","edits":{}}`,
		"is_interrupt a string": `{"hook_event_name":"postToolUseFailure","tool_name":"Read","is_interrupt":"no"}`,
	} {
		if ev, err := a.Parse([]byte(in)); err == nil {
			t.Errorf("%s: parsed as %T, want an error", name, ev)
		}
	}
}

func TestParseTolerates(t *testing.T) {
	a := New()
	for name, in := range map[string]string{
		"minimal":                 `{"hook_event_name":"stop"}`,
		"unknown fields":          `{"hook_event_name":"stop","new_field":{"x":[1,2]},"input_tokens":"many"}`,
		"fields it does not read": `{"hook_event_name":"stop","duration":"slow","model_params":7,"attachments":"none","sandbox":"yes","user_email":null}`,
		"nulls":                   `{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":null,"transcript_path":null,"cwd":null,"model":null}`,
		"unknown event":           `{"hook_event_name":"somethingNew","tool_input":7}`,
		"padding":                 "\n\t {\"hook_event_name\":\"stop\"}\n\n",
	} {
		if _, err := a.Parse([]byte(in)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestParseCommon(t *testing.T) {
	a := New()
	ev, err := a.Parse([]byte(`{"session_id":"s1","hook_event_name":"beforeShellExecution","command":"ls","cwd":"/home/dev/project/sub","workspace_roots":["/home/dev/project","/home/dev/other"],"model":"default","transcript_path":"/home/dev/t.jsonl"}`))
	if err != nil {
		t.Fatal(err)
	}
	b := ev.Common()
	if b.SessionID != "s1" || b.Cwd != "/home/dev/project/sub" || b.Model != "default" || b.TranscriptPath != "/home/dev/t.jsonl" {
		t.Errorf("base %+v", b)
	}
	// conversation_id wins over session_id; an empty cwd falls back to the first root.
	ev, err = a.Parse([]byte(`{"conversation_id":"c1","session_id":"s1","hook_event_name":"stop","cwd":"","workspace_roots":["/home/dev/project"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if b := ev.Common(); b.SessionID != "c1" || b.Cwd != "/home/dev/project" {
		t.Errorf("base %+v", b)
	}
	// workspaceOpen has none of the session fields.
	ev, err = a.Parse([]byte(`{"hook_event_name":"workspaceOpen","workspace_roots":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ev.(*hooks.OtherEvent); !ok || ev.Common().Cwd != "" || ev.Common().SessionID != "" {
		t.Errorf("workspaceOpen: %T %+v", ev, ev.Common())
	}
}

func TestParseMCPNames(t *testing.T) {
	a := New()
	for _, in := range []string{
		// The documented bare name, and a prefixed one in case a build sends it.
		`{"hook_event_name":"beforeMCPExecution","tool_name":"browser_navigate","tool_input":"{\"url\":\"a\"}","url":"http://127.0.0.1:1/mcp"}`,
		`{"hook_event_name":"beforeMCPExecution","tool_name":"MCP:browser_navigate","tool_input":{"url":"a"}}`,
		`{"hook_event_name":"afterMCPExecution","tool_name":"browser_navigate","tool_input":"{\"url\":\"a\"}","result_json":"{}"}`,
		`{"hook_event_name":"preToolUse","tool_name":"MCP:browser_navigate","tool_input":{"url":"a"}}`,
	} {
		ev, err := a.Parse([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		tool := hooks.ToolOf(ev)
		mcp, ok := tool.Input.(*hooks.MCPInput)
		if tool.Name != "MCP:browser_navigate" || !ok || mcp.Tool != "browser_navigate" || mcp.Server != "" || string(mcp.Arguments) != `{"url":"a"}` {
			t.Errorf("%s: tool %+v input %+v", in, tool, tool.Input)
		}
	}
}

// TestParseQuirks covers captured quirks of protocols/cursor.md.
func TestParseQuirks(t *testing.T) {
	a := New()
	parse := func(in string) hooks.Event {
		t.Helper()
		ev, err := a.Parse([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		return ev
	}
	// Q11: a new file comes with no edits or with one empty edit.
	for _, in := range []string{
		`{"hook_event_name":"afterFileEdit","file_path":"/a","edits":[]}`,
		`{"hook_event_name":"afterFileEdit","file_path":"/a"}`,
		`{"hook_event_name":"afterFileEdit","file_path":"/a","edits":[{"old_string":"","new_string":""}]}`,
	} {
		ev := parse(in).(*hooks.PostToolUseEvent)
		edit, ok := ev.Tool.Input.(*hooks.EditInput)
		if !ok || edit.Path != "/a" || ev.Tool.Name != ToolWrite || len(writes.Paths(&ev.Tool)) != 1 {
			t.Errorf("%s: %+v", in, ev.Tool)
		}
	}
	// Q9: subagent_type spelling is kept as sent.
	ev := parse(`{"hook_event_name":"subagentStop","subagent_id":"tool_1","subagent_type":"general-purpose","task":"t","status":"completed","loop_count":2}`).(*hooks.SubagentStopEvent)
	if ev.Agent != (hooks.Agent{ID: "tool_1", Type: "general-purpose", Task: "t"}) || !ev.Active || ev.LoopCount != 2 {
		t.Errorf("subagentStop %+v", ev)
	}
	// Stop: loop_count 0 is not active.
	if st := parse(`{"hook_event_name":"stop","status":"completed","loop_count":0}`).(*hooks.StopEvent); st.Active {
		t.Errorf("stop %+v", st)
	}
	// postToolUseFailure after a deny.
	f := parse(`{"hook_event_name":"postToolUseFailure","tool_name":"Shell","tool_input":{"command":"x"},"error_message":"blocked","failure_type":"permission_denied","is_interrupt":true}`).(*hooks.PostToolUseFailureEvent)
	if f.Error != "blocked" || !f.Interrupted || f.Tool.Kind() != hooks.KindShell {
		t.Errorf("failure %+v", f)
	}
	// beforeReadFile is a Read; the file's content is not lifted into the input.
	r := parse(`{"hook_event_name":"beforeReadFile","file_path":"/home/dev/project/.env","content":"SECRET=1","attachments":[]}`).(*hooks.PreToolUseEvent)
	if in, ok := r.Tool.Input.(*hooks.ReadInput); !ok || in.Path != "/home/dev/project/.env" || r.Tool.Name != ToolRead {
		t.Errorf("beforeReadFile %+v", r.Tool)
	}
	// The Shell timeout is in milliseconds.
	p := parse(`{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"ls","cwd":"","timeout":30000},"tool_use_id":"u"}`).(*hooks.PreToolUseEvent)
	if sh := p.Tool.Input.(*hooks.ShellInput); sh.Timeout.Seconds() != 30 || p.Tool.ID != "u" {
		t.Errorf("shell %+v", sh)
	}
	// Prompts and pre-compaction.
	if u := parse(`{"hook_event_name":"beforeSubmitPrompt","prompt":"hi","attachments":[{"type":"rule","file_path":"No secrets"}]}`).(*hooks.UserPromptSubmitEvent); u.Prompt != "hi" {
		t.Errorf("prompt %+v", u)
	}
	if c := parse(`{"hook_event_name":"preCompact","trigger":"auto","context_usage_percent":91.5}`).(*hooks.PreCompactEvent); c.Trigger != "auto" {
		t.Errorf("preCompact %+v", c)
	}
	if e := parse(`{"hook_event_name":"sessionEnd","reason":"window_close"}`).(*hooks.SessionEndEvent); e.Reason != "window_close" {
		t.Errorf("sessionEnd %+v", e)
	}
}

// TestParseMatchesCapabilities checks that every row of the matrix parses
// to the unified event it names.
func TestParseMatchesCapabilities(t *testing.T) {
	a := New()
	for _, c := range a.Capabilities() {
		// Tool events need their tool; the rest parse from the name alone.
		ev, err := a.Parse([]byte(`{"hook_event_name":"` + c.Native + `","tool_name":"Grep","tool_input":{},"command":"ls"}`))
		if err != nil {
			t.Errorf("%s: %v", c.Native, err)
			continue
		}
		if ev.Name() != c.Event || ev.Common().NativeEvent != c.Native {
			t.Errorf("%s: parsed to %q (%T), matrix says %q", c.Native, ev.Name(), ev, c.Event)
		}
	}
}

func TestParseErrorsAreClear(t *testing.T) {
	ev, err := New().Parse([]byte(`{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	if ie := hooks.ToolOf(ev).InputErr; ie == nil || !strings.Contains(ie.Error(), "Shell") || !strings.Contains(ie.Error(), `"command" is a number`) {
		t.Errorf("InputErr %v does not name the tool and the field", ie)
	}
}
