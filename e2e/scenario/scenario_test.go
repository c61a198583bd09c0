package scenario_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/scenario"
)

func shellEvent(cmd string) *hooks.PreToolUseEvent {
	return &hooks.PreToolUseEvent{Tool: hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd, Description: "d"}}}
}

func TestMatchAndConvert(t *testing.T) {
	s := &scenario.Scenario{Log: "x", Rules: []scenario.Rule{
		{Event: hooks.PreToolUse, Kind: hooks.KindWrite, Response: scenario.Response{Decision: "deny", Reason: "no writes"}},
		{Event: hooks.PreToolUse, Contains: "rewrite.txt", Response: scenario.Response{RewriteCommand: "echo new > rewrite.txt"}},
		{Event: hooks.Stop, Response: scenario.Response{Decision: "deny", Reason: "go on"}},
	}}
	if r := s.Match(shellEvent("echo hi")); r != nil {
		t.Errorf("echo hi matched %+v", r)
	}
	r := s.Match(shellEvent("echo old > rewrite.txt"))
	if r == nil || r.Response.RewriteCommand == "" {
		t.Fatalf("rewrite rule not matched: %+v", r)
	}
	ev := shellEvent("echo old > rewrite.txt")
	resp, err := r.Response.Hooks(ev.Tool.Input)
	if err != nil {
		t.Fatal(err)
	}
	sh, ok := resp.UpdatedInput.(*hooks.ShellInput)
	if !ok || sh.Command != "echo new > rewrite.txt" || sh.Description != "d" || resp.Decision != hooks.DecisionAllow {
		t.Errorf("rewrite = %+v (%+v)", resp, resp.UpdatedInput)
	}
	if ev.Tool.Input.(*hooks.ShellInput).Command != "echo old > rewrite.txt" {
		t.Error("rewrite changed the event's own input")
	}
	w := &hooks.PreToolUseEvent{Tool: hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: "/p/a"}}}
	if r := s.Match(w); r == nil || r.Response.Reason != "no writes" {
		t.Errorf("write rule = %+v", r)
	}
	if r := s.Match(&hooks.StopEvent{}); r == nil || r.Response.Decision != "deny" {
		t.Errorf("stop rule = %+v", r)
	}
	if _, err := (scenario.Response{Decision: "maybe"}).Hooks(nil); err == nil {
		t.Error("unknown decision accepted")
	}
	if _, err := (scenario.Response{RewriteCommand: "x"}).Hooks(&hooks.ReadInput{}); err == nil {
		t.Error("rewrite of a read accepted")
	}
}

func TestCorrupts(t *testing.T) {
	s := &scenario.Scenario{Corrupt: []string{"BeforeTool"}, CorruptContains: "bad.txt"}
	if !s.Corrupts("BeforeTool", []byte(`{"tool_input":{"command":"echo > bad.txt"}}`)) {
		t.Error("matching payload not corrupted")
	}
	if s.Corrupts("BeforeTool", []byte(`{"tool_input":{"command":"echo > good.txt"}}`)) || s.Corrupts("AfterTool", []byte("bad.txt")) {
		t.Error("other payload corrupted")
	}
	if !(&scenario.Scenario{Corrupt: []string{"PreToolUse"}}).Corrupts("PreToolUse", []byte("{}")) {
		t.Error("Corrupt without CorruptContains does not corrupt every payload of the event")
	}
}

func TestLogRoundTrip(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log.jsonl")
	if es, err := scenario.ReadLog(log); err != nil || len(es) != 0 {
		t.Fatalf("missing log = %v, %v", es, err)
	}
	for i := range 3 {
		if err := scenario.Append(log, scenario.Entry{Native: fmt.Sprint("E", i), Payload: "{\"a\":\n1}", Rule: -1}); err != nil {
			t.Fatal(err)
		}
	}
	es, err := scenario.ReadLog(log)
	if err != nil || len(es) != 3 || es[2].Native != "E2" || es[0].Payload != "{\"a\":\n1}" {
		t.Fatalf("log = %+v, %v", es, err)
	}
	s := &scenario.Scenario{Log: log, Fail: "closed"}
	path := filepath.Join(dir, "s.json")
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := scenario.Load(path)
	if err != nil || got.Fail != "closed" || got.Log != log {
		t.Fatalf("Load = %+v, %v", got, err)
	}
	if _, err := scenario.Load(filepath.Join(dir, "none.json")); err == nil {
		t.Error("missing scenario loaded")
	}
}

func ExampleScenario_Match() {
	s := &scenario.Scenario{Log: "hooks.jsonl", Rules: []scenario.Rule{
		{Event: hooks.PreToolUse, Kind: hooks.KindShell, Contains: "rm ", Response: scenario.Response{Decision: "deny", Reason: "no rm"}},
	}}
	ev := &hooks.PreToolUseEvent{Tool: hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "rm -r build"}}}
	fmt.Println(s.Match(ev).Response.Reason)
	// Output: no rm
}

// The model-level answers: a redaction only where the string occurs.
func TestModelAnswers(t *testing.T) {
	req := &hooks.ModelRequestEvent{Request: hooks.ModelRequest{Messages: []hooks.ModelMessage{{Role: "user", Content: "a TOKEN b"}, {Role: "model", Content: "c"}}}}
	r, err := scenario.Response{Redact: "TOKEN"}.For(req)
	if err != nil || r.ModelRequest == nil || r.ModelRequest.Messages[0].Content != "a [REDACTED] b" || req.Request.Messages[0].Content != "a TOKEN b" {
		t.Errorf("PreModel redaction %+v (%v); event %+v", r.ModelRequest, err, req.Request)
	}
	if r, _ := (scenario.Response{Redact: "absent"}).For(req); !r.IsZero() {
		t.Errorf("no occurrence answered %+v", r)
	}
	if r, _ := (scenario.Response{Answer: "hi", Reason: "why"}).For(req); r.ModelResponse == nil || r.ModelResponse.Text != "hi" || r.Reason != "why" {
		t.Errorf("answer %+v", r)
	}
	chunk := &hooks.ModelResponseEvent{Response: hooks.ModelResponse{Candidates: []hooks.ModelCandidate{{Parts: []string{"key ", "TOKEN"}}}}}
	if r, _ := (scenario.Response{Redact: "TOKEN"}).For(chunk); r.ModelResponse == nil || r.ModelResponse.Text != "key [REDACTED]" {
		t.Errorf("PostModel redaction %+v", r.ModelResponse)
	}
	sel := &hooks.ToolSelectionEvent{}
	if r, _ := (scenario.Response{ToolMode: hooks.ToolsAny, AllowedTools: []string{"read_file"}}).For(sel); r.ToolChoice == nil || r.ToolChoice.Mode != hooks.ToolsAny || r.ToolChoice.Allowed[0] != "read_file" {
		t.Errorf("tool choice %+v", r.ToolChoice)
	}
}
