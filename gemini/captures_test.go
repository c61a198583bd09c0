package gemini

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

// TestRealCaptures parses every payload the real Gemini CLI 0.61 wrote
// (testdata/captures/gemini) and checks the unified type, the tool kind
// and the detection score of each.
func TestRealCaptures(t *testing.T) {
	want := map[string]struct {
		typ  string
		kind hooks.ToolKind // "" for events without a tool
	}{
		"AfterAgent.json":                   {"*hooks.StopEvent", ""},
		"AfterModel.json":                   {"*hooks.ModelResponseEvent", ""},
		"AfterTool-read_file.json":          {"*hooks.PostToolUseEvent", hooks.KindRead},
		"AfterTool-replace.json":            {"*hooks.PostToolUseEvent", hooks.KindEdit},
		"AfterTool-run_shell_command.json":  {"*hooks.PostToolUseEvent", hooks.KindShell},
		"AfterTool-write_file.json":         {"*hooks.PostToolUseEvent", hooks.KindWrite},
		"BeforeAgent.json":                  {"*hooks.UserPromptSubmitEvent", ""},
		"BeforeModel.json":                  {"*hooks.ModelRequestEvent", ""},
		"BeforeTool-read_file.json":         {"*hooks.PreToolUseEvent", hooks.KindRead},
		"BeforeTool-replace.json":           {"*hooks.PreToolUseEvent", hooks.KindEdit},
		"BeforeTool-run_shell_command.json": {"*hooks.PreToolUseEvent", hooks.KindShell},
		"BeforeTool-write_file.json":        {"*hooks.PreToolUseEvent", hooks.KindWrite},
		"BeforeToolSelection.json":          {"*hooks.ToolSelectionEvent", ""},
		"Notification.json":                 {"*hooks.NotificationEvent", ""},
		"PreCompress.json":                  {"*hooks.PreCompactEvent", ""},
		"SessionEnd.json":                   {"*hooks.SessionEndEvent", ""},
		"SessionStart.json":                 {"*hooks.SessionStartEvent", ""},
	}
	a := New()
	seen := 0
	for _, path := range hosttest.Captures(t, "gemini") {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			w, ok := want[name]
			if !ok {
				t.Fatalf("capture %s has no expectation in the table: add one", name)
			}
			seen++
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ev, err := a.Parse(data)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			if got := fmt.Sprintf("%T", ev); got != w.typ {
				t.Errorf("type %s, want %s", got, w.typ)
			}
			b := ev.Common()
			if b.Host != Host || b.SessionID == "" || b.Cwd == "" || b.TranscriptPath == "" || !bytes.Equal(b.Raw, data) {
				t.Errorf("base not filled: %+v", b)
			}
			if b.NativeEvent != strings.SplitN(strings.TrimSuffix(name, ".json"), "-", 2)[0] {
				t.Errorf("native event %q for %s", b.NativeEvent, name)
			}
			tool := hooks.ToolOf(ev)
			switch {
			case w.kind == "" && tool != nil:
				t.Errorf("unexpected tool %+v", tool)
			case w.kind != "" && tool == nil:
				t.Errorf("no tool, want kind %s", w.kind)
			case tool != nil && tool.Kind() != w.kind:
				t.Errorf("tool kind %s, want %s", tool.Kind(), w.kind)
			}
			if tool != nil && (tool.Name == "" || tool.ID != "" || !json.Valid(tool.RawInput)) {
				t.Errorf("tool %+v", tool)
			}
			if p, ok := ev.(*hooks.PostToolUseEvent); ok && (p.Output.Text == "" && tool.Kind() != hooks.KindRead || len(p.Output.Raw) == 0) {
				t.Errorf("tool output not lifted: %+v", p.Output)
			}
			if s := a.Detect(fields(t, data)); s < hooks.DetectThreshold {
				t.Errorf("Detect = %.2f, want >= %.2f", s, hooks.DetectThreshold)
			}
			// Every claimed deny renders as one JSON line that Gemini reads.
			if hooks.Supports(a.Capabilities(), b.NativeEvent).Has(hooks.FieldDeny) {
				out, err := a.Serialize(ev, hooks.Deny("x"))
				if err != nil || string(out.Stdout) != `{"decision":"deny","reason":"x"}`+"\n" || out.ExitCode != 0 {
					t.Errorf("deny = %q exit %d, %v", out.Stdout, out.ExitCode, err)
				}
			}
			// The typed input rendered back is the native input.
			if tool != nil && tool.Kind() != hooks.KindOther {
				got, err := nativeInput(tool, tool.Input)
				if err != nil || !sameJSON(got, tool.RawInput) {
					t.Errorf("round trip of %s input = %s, %v; want %s", tool.Name, got, err, tool.RawInput)
				}
			}
		})
	}
	if seen != len(want) {
		t.Errorf("saw %d of the %d expected captures", seen, len(want))
	}
}

// TestCaptureValues checks the lifted values of a few real captures.
func TestCaptureValues(t *testing.T) {
	dir := hosttest.SharedDir(t, "captures", "gemini")
	parse := func(name string) hooks.Event {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		ev, err := New().Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	sh := parse("BeforeTool-run_shell_command.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.ShellInput)
	if sh.Command != "echo hi" || sh.Description != "say hi" {
		t.Errorf("shell input %+v", sh)
	}
	ed := parse("BeforeTool-replace.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.EditInput)
	if ed.Path != "hello.txt" || len(ed.Edits) != 1 || ed.Edits[0].Old != "hello world" || ed.Edits[0].New != "goodbye world" {
		t.Errorf("edit input %+v", ed)
	}
	post := parse("AfterTool-run_shell_command.json").(*hooks.PostToolUseEvent)
	if !strings.Contains(post.Output.Text, "Output: hi") {
		t.Errorf("output text %q", post.Output.Text)
	}
	stop := parse("AfterAgent.json").(*hooks.StopEvent)
	if stop.Active || stop.LastMessage != "All done." {
		t.Errorf("stop %+v", stop)
	}
	if p := parse("BeforeAgent.json").(*hooks.UserPromptSubmitEvent); !strings.HasPrefix(p.Prompt, "Run echo hi") {
		t.Errorf("prompt %q", p.Prompt)
	}
	if s := parse("SessionStart.json").(*hooks.SessionStartEvent); s.Source != "startup" {
		t.Errorf("source %q", s.Source)
	}
	if s := parse("SessionEnd.json").(*hooks.SessionEndEvent); s.Reason != "exit" {
		t.Errorf("reason %q", s.Reason)
	}
	if p := parse("PreCompress.json").(*hooks.PreCompactEvent); p.Trigger != "auto" {
		t.Errorf("trigger %q", p.Trigger)
	}
	if n := parse("Notification.json").(*hooks.NotificationEvent); n.Kind != "ToolPermission" || !strings.Contains(n.Message, "requires execution") {
		t.Errorf("notification %+v", n)
	}
	if m := parse("BeforeModel.json").Common().Model; m != "gemini-2.5-flash" {
		t.Errorf("model %q", m)
	}
	for _, name := range []string{"BeforeModel.json", "BeforeToolSelection.json", "AfterModel.json"} {
		var req hooks.ModelRequest
		var err error
		switch e := parse(name).(type) {
		case *hooks.ModelRequestEvent:
			req, err = e.Request, e.ReadErr
		case *hooks.ToolSelectionEvent:
			req, err = e.Request, e.ReadErr
		case *hooks.ModelResponseEvent:
			req, err = e.Request, e.ReadErr
			if len(e.Response.Candidates) != 1 || e.Response.Candidates[0].FinishReason != "STOP" || len(e.Response.Candidates[0].Parts) != 0 {
				t.Errorf("%s: response %+v (a function call chunk: no text parts)", name, e.Response)
			}
		}
		c := req.Config
		if err != nil || req.Model != "gemini-2.5-flash" || len(req.Messages) != 1 || req.Messages[0].Role != "user" ||
			!strings.HasSuffix(req.Messages[0].Content, "</session_context>Run echo hi, write hello.txt, edit it and read it back.") ||
			c.Temperature == nil || *c.Temperature != 1 || c.TopP == nil || *c.TopP != 0.95 || c.TopK == nil || *c.TopK != 64 || c.MaxOutputTokens != nil {
			t.Errorf("%s: request %+v (%v)", name, req, err)
		}
	}
}

// TestDetectOtherHosts: no payload of Claude Code, Codex, Cursor, Copilot
// CLI, Qwen Code or Droid may reach the threshold.
func TestDetectOtherHosts(t *testing.T) {
	a := New()
	n := 0
	for _, host := range []string{"claude", "codex", "cursor", "copilot", "qwen", "droid"} {
		for _, path := range hosttest.Captures(t, host) {
			for i, p := range payloadsIn(t, path) {
				n++
				if s := a.Detect(fields(t, p)); s >= hooks.DetectThreshold {
					t.Errorf("%s payload %d: Detect = %.2f, want < %.2f", filepath.Base(path), i, s, hooks.DetectThreshold)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no payloads of other hosts")
	}
	t.Logf("%d payloads of other hosts checked", n)
}

// payloadsIn returns the payloads of a capture file: the file itself, or
// for JSONL (Cursor) the "stdin" object of each line.
func payloadsIn(t *testing.T, path string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(path, ".jsonl") {
		return [][]byte{data}
	}
	var out [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var line struct {
			Stdin json.RawMessage `json:"stdin"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && isObject(line.Stdin) {
			out = append(out, line.Stdin)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func fields(t *testing.T, p []byte) map[string]json.RawMessage {
	t.Helper()
	var f map[string]json.RawMessage
	if err := json.Unmarshal(p, &f); err != nil {
		t.Fatalf("not an object: %v", err)
	}
	return f
}

func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return fmt.Sprint(x) == fmt.Sprint(y)
}
