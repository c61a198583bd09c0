package cursor

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// wantType is the unified event type of each native event in the captures.
var wantType = map[string]string{
	EventSessionStart:         "*hooks.SessionStartEvent",
	EventSessionEnd:           "*hooks.SessionEndEvent",
	EventBeforeSubmitPrompt:   "*hooks.UserPromptSubmitEvent",
	EventPreToolUse:           "*hooks.PreToolUseEvent",
	EventBeforeShellExecution: "*hooks.PreToolUseEvent",
	EventBeforeMCPExecution:   "*hooks.PreToolUseEvent",
	EventBeforeReadFile:       "*hooks.PreToolUseEvent",
	EventPostToolUse:          "*hooks.PostToolUseEvent",
	EventAfterShellExecution:  "*hooks.PostToolUseEvent",
	EventAfterMCPExecution:    "*hooks.PostToolUseEvent",
	EventAfterFileEdit:        "*hooks.PostToolUseEvent",
	EventPostToolUseFailure:   "*hooks.PostToolUseFailureEvent",
	EventStop:                 "*hooks.StopEvent",
	EventSubagentStart:        "*hooks.SubagentStartEvent",
	EventSubagentStop:         "*hooks.SubagentStopEvent",
	EventPreCompact:           "*hooks.PreCompactEvent",
	EventAfterAgentResponse:   "*hooks.OtherEvent",
	EventAfterAgentThought:    "*hooks.OtherEvent",
}

// wantKind is the tool kind of each tool_name in the captures, and of the
// events that name no tool.
var wantKind = map[string]hooks.ToolKind{
	"Shell":                       hooks.KindShell,
	"Read":                        hooks.KindRead,
	"Write":                       hooks.KindWrite,
	"Grep":                        hooks.KindOther,
	"Task":                        hooks.KindOther,
	"MCP:browser_navigate":        hooks.KindMCP,
	"MCP:browser_take_screenshot": hooks.KindMCP,
	EventBeforeShellExecution:     hooks.KindShell,
	EventAfterShellExecution:      hooks.KindShell,
	EventBeforeReadFile:           hooks.KindRead,
	EventAfterFileEdit:            hooks.KindEdit,
}

// capture is one real payload.
type capture struct {
	where   string
	payload []byte
	// fragment is set on lines whose author elided keys (marked _note).
	fragment bool
}

// readCaptures returns every payload of the Cursor captures: the "stdin"
// key of the IDE probe logs, the line itself in the CLI logs.
func readCaptures(t *testing.T) []capture {
	t.Helper()
	var out []capture
	for _, path := range hosttest.Captures(t, "cursor") {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<22)
		for n := 1; sc.Scan(); n++ {
			line := bytes.TrimSpace(sc.Bytes())
			if len(line) == 0 {
				continue
			}
			where := fmt.Sprintf("%s:%d", filepath.Base(path), n)
			var rec map[string]json.RawMessage
			if err := json.Unmarshal(line, &rec); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			c := capture{where: where, payload: append([]byte(nil), line...)}
			if stdin, ok := rec["stdin"]; ok {
				c.payload = stdin
			}
			_, c.fragment = rec["_note"]
			out = append(out, c)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func TestRealCaptures(t *testing.T) {
	a := New()
	caps := readCaptures(t)
	seen := map[string]int{}
	var fragments int
	for _, c := range caps {
		var top map[string]json.RawMessage
		if err := json.Unmarshal(c.payload, &top); err != nil {
			t.Fatalf("%s: payload is not an object: %v", c.where, err)
		}
		ev, err := a.Parse(c.payload)
		if _, named := top["hook_event_name"]; !named {
			// The CLI author printed only tool_name/tool_input/tool_output
			// on some lines: not a whole payload, and a payload without
			// hook_event_name must be rejected.
			if !c.fragment {
				t.Errorf("%s: payload without hook_event_name that is not a marked fragment", c.where)
			}
			if err == nil || !strings.Contains(err.Error(), "hook_event_name") {
				t.Errorf("%s: fragment without hook_event_name: err = %v", c.where, err)
			}
			fragments++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.where, err)
			continue
		}
		b := ev.Common()
		native := b.NativeEvent
		seen[native]++
		want, ok := wantType[native]
		if !ok {
			t.Errorf("%s: no expectation for native event %q (add it to wantType)", c.where, native)
		} else if got := fmt.Sprintf("%T", ev); got != want {
			t.Errorf("%s %s: type %s, want %s", c.where, native, got, want)
		}
		if b.Host != Host || !bytes.Equal(b.Raw, c.payload) {
			t.Errorf("%s: host %q, raw kept %v", c.where, b.Host, bytes.Equal(b.Raw, c.payload))
		}
		if s := a.Detect(top); s < hooks.DetectThreshold {
			t.Errorf("%s %s: Detect = %.2f", c.where, native, s)
		}
		checkCommon(t, c, top, b)
		if tool := hooks.ToolOf(ev); tool != nil {
			key := tool.Name
			if _, named := top["tool_name"]; !named || native == EventBeforeMCPExecution || native == EventAfterMCPExecution {
				key = native
			}
			want, ok := wantKind[key]
			if !ok {
				t.Errorf("%s: no expectation for tool %q (add it to wantKind)", c.where, key)
			} else if tool.Kind() != want {
				t.Errorf("%s %s %s: kind %s, want %s", c.where, native, tool.Name, tool.Kind(), want)
			}
		}
		checkEvent(t, c, top, ev)
		for _, r := range []hooks.Response{{}, hooks.Deny("blocked for test"), hooks.AddContext("ctx")} {
			fitted, _ := hooks.Fit(a, ev, r, hooks.FitOptions{AskFallback: hooks.DecisionDeny, RepeatStop: true})
			out, err := a.Serialize(ev, fitted)
			if err != nil {
				t.Errorf("%s: serialize %+v: %v", c.where, r, err)
			}
			hosttest.CheckHygiene(t, Host, out)
			if out.ExitCode != 0 {
				t.Errorf("%s: exit %d for a known event", c.where, out.ExitCode)
			}
		}
	}
	if fragments > 4 {
		t.Errorf("%d fragments without hook_event_name; expected the few CLI lines marked _note", fragments)
	}
	// The captures cover these events; losing one means the files changed.
	for _, ev := range []string{EventSessionStart, EventBeforeSubmitPrompt, EventPreToolUse, EventBeforeShellExecution,
		EventBeforeReadFile, EventPostToolUse, EventAfterShellExecution, EventAfterFileEdit, EventPostToolUseFailure,
		EventStop, EventSubagentStart, EventSubagentStop, EventPreCompact, EventAfterAgentResponse, EventAfterAgentThought} {
		if seen[ev] == 0 {
			t.Errorf("no capture of %s", ev)
		}
	}
	t.Logf("%d payloads (%d fragments), events %v", len(caps), fragments, seen)
}

// checkCommon asserts the Base fields against the payload.
func checkCommon(t *testing.T, c capture, top map[string]json.RawMessage, b *hooks.Base) {
	t.Helper()
	str := func(k string) string {
		var s string
		json.Unmarshal(top[k], &s)
		return s
	}
	if id := str("conversation_id"); id != "" && b.SessionID != id {
		t.Errorf("%s: SessionID %q, want conversation_id %q", c.where, b.SessionID, id)
	}
	var roots []string
	json.Unmarshal(top["workspace_roots"], &roots)
	wantCwd := str("cwd")
	if wantCwd == "" && len(roots) > 0 {
		wantCwd = roots[0]
	}
	if b.Cwd != wantCwd {
		t.Errorf("%s: Cwd %q, want %q", c.where, b.Cwd, wantCwd)
	}
	if b.TranscriptPath != str("transcript_path") || b.Model != str("model") {
		t.Errorf("%s: transcript %q model %q", c.where, b.TranscriptPath, b.Model)
	}
}

// checkEvent asserts event-specific fields that the captures carry.
func checkEvent(t *testing.T, c capture, top map[string]json.RawMessage, ev hooks.Event) {
	t.Helper()
	switch e := ev.(type) {
	case *hooks.StopEvent:
		var n int
		json.Unmarshal(top["loop_count"], &n)
		if e.LoopCount != n || e.Active != (n > 0) {
			t.Errorf("%s: stop loop %d active %v, want %d", c.where, e.LoopCount, e.Active, n)
		}
	case *hooks.SubagentStartEvent:
		if e.Agent.ID == "" || e.Agent.Type == "" || e.Agent.Task == "" {
			t.Errorf("%s: agent %+v", c.where, e.Agent)
		}
	case *hooks.PostToolUseFailureEvent:
		if e.Error == "" {
			t.Errorf("%s: no error message", c.where)
		}
	case *hooks.PreCompactEvent:
		if e.Trigger == "" {
			t.Errorf("%s: no trigger", c.where)
		}
	case *hooks.UserPromptSubmitEvent:
		if e.Prompt == "" {
			t.Errorf("%s: no prompt", c.where)
		}
	case *hooks.PostToolUseEvent:
		_, hasOutput := top["tool_output"]
		if hasOutput && len(e.Output.Raw) == 0 {
			t.Errorf("%s: tool_output not decoded", c.where)
		}
		if hasOutput && e.Tool.Name == ToolShell && e.Output.Text == "" {
			t.Errorf("%s: Shell output text not lifted", c.where)
		}
	case *hooks.PreToolUseEvent:
		switch in := e.Tool.Input.(type) {
		case *hooks.ShellInput:
			if in.Command == "" {
				t.Errorf("%s: empty command", c.where)
			}
		case *hooks.ReadInput:
			if in.Path == "" {
				t.Errorf("%s: empty read path", c.where)
			}
		case *hooks.WriteInput:
			if in.Path == "" || in.Content == "" {
				t.Errorf("%s: write %+v", c.where, in)
			}
		}
	}
}

// TestCaptureTaskMatchesSubagent checks the captured link between a
// preToolUse(Task) and the subagentStart it causes.
func TestCaptureTaskMatchesSubagent(t *testing.T) {
	a := New()
	taskIDs := map[string]bool{}
	var agents []string
	for _, c := range readCaptures(t) {
		ev, err := a.Parse(c.payload)
		if err != nil {
			continue
		}
		switch e := ev.(type) {
		case *hooks.PreToolUseEvent:
			if e.Tool.Name == ToolTask {
				taskIDs[e.Tool.ID] = true
			}
		case *hooks.SubagentStartEvent:
			agents = append(agents, e.Agent.ID)
		}
	}
	if len(agents) == 0 {
		t.Fatal("no subagentStart in the captures")
	}
	for _, id := range agents {
		if !taskIDs[id] {
			t.Errorf("subagent %q has no preToolUse(Task) with that tool_use_id", id)
		}
	}
}

// TestDetectOtherHosts checks that no Claude, Gemini, Codex, Copilot, Qwen
// or Droid capture reaches the threshold.
func TestDetectOtherHosts(t *testing.T) {
	a := New()
	n := 0
	for _, host := range []string{"claude", "gemini", "codex"} {
		dir := hosttest.SharedDir(t, "captures", host)
		paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			var top map[string]json.RawMessage
			if err := json.Unmarshal(data, &top); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if s := a.Detect(top); s >= hooks.DetectThreshold {
				t.Errorf("%s/%s: Detect = %.2f", host, filepath.Base(p), s)
			}
			n++
		}
	}
	for _, host := range []string{"copilot", "qwen", "droid"} {
		for name, p := range hosttest.Payloads(t, host) {
			var top map[string]json.RawMessage
			if err := json.Unmarshal(p, &top); err != nil {
				t.Fatalf("%s/%s: %v", host, name, err)
			}
			if s := a.Detect(top); s >= hooks.DetectThreshold {
				t.Errorf("%s/%s: Detect = %.2f", host, name, s)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no captures of other hosts")
	}
}
