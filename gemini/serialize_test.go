package gemini

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// An event this adapter does not know: a deny is the universal block.
func TestSerializeUnknownEvent(t *testing.T) {
	for _, native := range []string{"", "AfterSubagent"} {
		ev := &hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: native}}
		out, err := New().Serialize(ev, hooks.Deny("line one\nline two"))
		if err != nil || out.ExitCode != 2 || out.Stderr != "line one line two" || len(out.Stdout) != 0 {
			t.Errorf("%q deny = %+v, %v", native, out, err)
		}
		out, err = New().Serialize(ev, hooks.Deny(""))
		if err != nil || out.ExitCode != 2 || out.Stderr == "" {
			t.Errorf("%q deny without reason = %+v, %v", native, out, err)
		}
		out, err = New().Serialize(ev, hooks.Response{SystemMessage: "x", Context: "y"})
		if err != nil || out.ExitCode != 0 || len(out.Stdout) != 0 || out.Stderr != "" {
			t.Errorf("%q no deny = %+v, %v", native, out, err)
		}
	}
	if _, err := New().Serialize(nil, hooks.Deny("x")); err == nil {
		t.Error("nil event: want an error")
	}
}

// A parse failure on a known event still gets the event's own dialect.
func TestSerializeParseFailureKnownEvent(t *testing.T) {
	ev := &hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: EventBeforeTool}}
	out, err := New().Serialize(ev, hooks.Deny("fail closed"))
	if err != nil || string(out.Stdout) != `{"decision":"deny","reason":"fail closed"}`+"\n" || out.ExitCode != 0 {
		t.Errorf("got %+v, %v", out, err)
	}
}

// Stdout is exactly one line: one more line would make Gemini read the
// whole output as plain text, which at exit 0 is an allow.
func TestSerializeOneLine(t *testing.T) {
	ev, err := New().Parse(beforeTool(ToolShell, `{"command":"ls"}`, ""))
	if err != nil {
		t.Fatal(err)
	}
	reason := "no:\n\trm -rf <dir> && curl x | sh\r\n\u2028done"
	r := hooks.Deny(reason).WithUserMessage("a\nb").WithSystemMessage("c")
	r.Halt = true
	out, err := New().Serialize(ev, r)
	if err != nil {
		t.Fatal(err)
	}
	hosttest.CheckHygiene(t, Host, out)
	if bytes.Count(out.Stdout, []byte("\n")) != 1 || bytes.Contains(out.Stdout, []byte(`\u003c`)) {
		t.Errorf("stdout %q", out.Stdout)
	}
	var o Output
	if err := json.Unmarshal(out.Stdout, &o); err != nil {
		t.Fatal(err)
	}
	if o.Decision != "deny" || o.Reason != reason || o.Continue == nil || *o.Continue || o.StopReason != reason || o.SystemMessage != "a\nb\nc" {
		t.Errorf("decoded %+v", o)
	}
}

func TestSerializeHalt(t *testing.T) {
	ev, _ := New().Parse([]byte(`{"hook_event_name":"BeforeAgent","prompt":"x"}`))
	tests := []struct {
		r    hooks.Response
		want string
	}{
		{hooks.Halt("why"), `{"continue":false,"stopReason":"why"}`},
		{hooks.Response{Halt: true, UserMessage: "shown"}, `{"continue":false,"stopReason":"shown","systemMessage":"shown"}`},
		{hooks.Response{Halt: true}, `{"continue":false,"stopReason":"Stopped by a hook."}`},
		{hooks.Response{Reason: "alone"}, `{}`},
		{hooks.Allow(), `{}`},
		{hooks.Ask("q"), `{"decision":"deny","reason":"q"}`},
	}
	for _, tt := range tests {
		out, err := New().Serialize(ev, tt.r)
		got := strings.TrimSuffix(string(out.Stdout), "\n")
		if err != nil || got != tt.want || out.ExitCode != 0 {
			t.Errorf("Serialize(%+v) = %q, %v; want %q", tt.r, got, err, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, p := range []string{
		``, ` `, `null`, `[]`, `"BeforeTool"`, `42`, `{`,
		`{}`,
		`{"hook_event_name":""}`,
		`{"hook_event_name":7}`,
		`{"hook_event_name":"BeforeAgent","session_id":1}`,
		`{"hook_event_name":"BeforeAgent","prompt":{"text":"x"}}`,
		`{"hook_event_name":"AfterAgent","stop_hook_active":"yes"}`,
		`{"hook_event_name":"BeforeAgent","prompt":"x"} {"hook_event_name":"BeforeAgent"}`,
		`{"hook_event_name":"BeforeAgent","prompt":"x"}` + "\n" + `{"decision":"deny"}`,
		`{"hook_event_name":"BeforeAgent","prompt":"x"}garbage`,
		`{"hook_event_name":"AfterTool","tool_name":"read_file","tool_input":{"file_path":"a"},"mcp_context":"x"}`,
	} {
		if ev, err := New().Parse([]byte(p)); err == nil {
			t.Errorf("Parse(%q) = %T, want an error", p, ev)
		}
	}
}

func TestParseTolerant(t *testing.T) {
	// Unknown fields, missing optional ones, trailing white space.
	ev, err := New().Parse([]byte(" {\"hook_event_name\":\"AfterAgent\",\"new_field\":[1,{}]}\n\n"))
	if s, ok := ev.(*hooks.StopEvent); err != nil || !ok || s.Active || s.LoopCount != 0 {
		t.Errorf("got %#v, %v", ev, err)
	}
	ev, err = New().Parse([]byte(`{"hook_event_name":"AfterAgent","stop_hook_active":true,"prompt_response":"done"}`))
	if s, ok := ev.(*hooks.StopEvent); err != nil || !ok || !s.Active || s.LoopCount != 1 || s.LastMessage != "done" {
		t.Errorf("got %#v, %v", ev, err)
	}
	// An unknown event keeps working when its own fields have types Input
	// does not expect.
	p := []byte(`{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"BeforeSubagent","prompt":{"parts":[]},"source":3}`)
	ev, err = New().Parse(p)
	if o, ok := ev.(*hooks.OtherEvent); err != nil || !ok || o.NativeEvent != "BeforeSubagent" || o.SessionID != "s" || !bytes.Equal(o.Raw, p) {
		t.Errorf("got %#v, %v", ev, err)
	}
	// AfterTool without tool_response, and with a string llmContent list.
	ev, err = New().Parse([]byte(`{"hook_event_name":"AfterTool","tool_name":"read_file","tool_input":{"file_path":"a"}}`))
	if p, ok := ev.(*hooks.PostToolUseEvent); err != nil || !ok || p.Output.Text != "" || p.Output.Raw != nil {
		t.Errorf("got %#v, %v", ev, err)
	}
	ev, err = New().Parse([]byte(`{"hook_event_name":"AfterTool","tool_name":"mcp_a_b","tool_input":{},"tool_response":{"llmContent":["x",{"text":"y"},[{"text":"nested"}],7]}}`))
	if p, ok := ev.(*hooks.PostToolUseEvent); err != nil || !ok || p.Output.Text != "xy" {
		t.Errorf("got %#v, %v", ev, err)
	}
	ev, err = New().Parse([]byte(`{"hook_event_name":"AfterTool","tool_name":"x","tool_input":{},"tool_response":"plain"}`))
	if p, ok := ev.(*hooks.PostToolUseEvent); err != nil || !ok || p.Output.Text != "" || string(p.Output.Raw) != `"plain"` {
		t.Errorf("got %#v, %v", ev, err)
	}
}

func TestDetect(t *testing.T) {
	const (
		ts  = `"timestamp":"2026-01-15T10:00:00.123Z"`
		gtp = `"transcript_path":"/home/dev/.gemini/tmp/project/chats/session-1.jsonl"`
		ctp = `"transcript_path":"/home/dev/.claude/projects/p/1.jsonl"`
	)
	tests := []struct {
		payload string
		high    bool
	}{
		{`{"hook_event_name":"BeforeTool"}`, true},
		{`{"hook_event_name":"PreCompress",` + ts + `}`, true},
		{`{"hook_event_name":"SessionStart",` + ts + `,` + gtp + `}`, true},
		{`{"hook_event_name":"Notification",` + ts + `,` + gtp + `}`, true},
		{`{"hook_event_name":"AfterSubagent",` + ts + `,` + gtp + `}`, true},
		{`{"hook_event_name":"SessionEnd",` + `"transcript_path":"C:\\Users\\dev\\.gemini\\tmp\\p\\chats\\s.jsonl",` + ts + `}`, true},
		{`{"hook_event_name":"SessionStart",` + ts + `}`, false},
		{`{"hook_event_name":"SessionStart",` + gtp + `}`, false},
		{`{"hook_event_name":"SessionStart",` + ts + `,` + ctp + `}`, false},
		{`{"hook_event_name":"SessionStart","timestamp":"yesterday",` + gtp + `}`, false},
		{`{"hook_event_name":"SessionStart","timestamp":1700000000,` + gtp + `}`, false},
		{`{"hook_event_name":"SessionStart",` + ts + `,` + gtp + `,"permission_mode":"default"}`, false},
		{`{"hook_event_name":"SessionStart",` + ts + `,` + gtp + `,"model":"gpt-5"}`, false},
		{`{"hook_event_name":"PreToolUse",` + ts + `}`, false},
		{`{"hook_event_name":"beforeShellExecution","conversation_id":"c"}`, false},
		{`{"hook_event_name":"BeforeTool","conversation_id":"c","cursor_version":"1"}`, false},
		{`{"hook_event_name":""}`, false},
		{`{"hook_event_name":null,` + ts + `,` + gtp + `}`, false},
		{`{"event":"BeforeTool"}`, false},
		{`{}`, false},
	}
	for _, tt := range tests {
		var f map[string]json.RawMessage
		if err := json.Unmarshal([]byte(tt.payload), &f); err != nil {
			t.Fatal(err)
		}
		s := New().Detect(f)
		if s < 0 || s > 1 || (s >= hooks.DetectThreshold) != tt.high {
			t.Errorf("Detect(%s) = %.2f, want high=%v", tt.payload, s, tt.high)
		}
	}
}

func TestCapabilities(t *testing.T) {
	caps := New().Capabilities()
	if len(caps) != 11 {
		t.Errorf("%d events, want 11", len(caps))
	}
	events := map[string]hooks.EventName{}
	for _, c := range caps {
		if _, dup := events[c.Native]; dup {
			t.Errorf("%s listed twice", c.Native)
		}
		events[c.Native] = c.Event
		// allow is the same as no opinion; ask hangs a headless CLI.
		if c.Honours.Has(hooks.FieldAllow) || c.Honours.Has(hooks.FieldAsk) {
			t.Errorf("%s claims %s", c.Native, c.Honours)
		}
		if c.Honours.Has(hooks.FieldDeny) != c.Honours.Has(hooks.FieldReason) && !c.Honours.Has(hooks.FieldHalt) {
			t.Errorf("%s: deny without reason or reason without deny/halt: %s", c.Native, c.Honours)
		}
		if c.Notes == "" {
			t.Errorf("%s has no notes", c.Native)
		}
	}
	want := map[string]hooks.EventName{
		EventBeforeTool: hooks.PreToolUse, EventAfterTool: hooks.PostToolUse, EventBeforeAgent: hooks.UserPromptSubmit,
		EventAfterAgent: hooks.Stop, EventSessionStart: hooks.SessionStart, EventSessionEnd: hooks.SessionEnd,
		EventPreCompress: hooks.PreCompact, EventNotification: hooks.Notification,
		EventBeforeModel: hooks.PreModel, EventAfterModel: hooks.PostModel, EventBeforeToolSelection: hooks.PreToolSelection,
	}
	if fmt.Sprint(events) != fmt.Sprint(want) {
		t.Errorf("events %v, want %v", events, want)
	}
	deny := []string{EventBeforeTool, EventAfterTool, EventBeforeAgent, EventAfterAgent, EventBeforeModel}
	for _, native := range deny {
		if !hooks.Supports(caps, native).Has(hooks.FieldDeny) {
			t.Errorf("%s does not claim deny", native)
		}
	}
	if got := hooks.Supports(caps, EventBeforeTool); !got.Has(hooks.FieldUpdatedInput) || got.Has(hooks.FieldContext) {
		t.Errorf("BeforeTool claims %s", got)
	}
	if got := hooks.Supports(caps, EventAfterAgent); got.Has(hooks.FieldContext) {
		t.Errorf("AfterAgent claims %s", got)
	}
	if got := hooks.Supports(caps, EventAfterModel); got.Has(hooks.FieldDeny) {
		t.Errorf("AfterModel claims %s", got)
	}
	if New().Timeout() != 60*time.Second || New().Host() != "gemini" {
		t.Error("timeout or host")
	}
}
