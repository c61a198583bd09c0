package claude

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

// captureWant is what each real Claude capture must parse to: the Go type
// of the event and, for tool events, the tool kind.
var captureWant = map[string]struct {
	typ  string
	kind hooks.ToolKind
}{
	"ConfigChange":                {typ: "*hooks.OtherEvent"},
	"CwdChanged":                  {typ: "*hooks.OtherEvent"},
	"FileChanged":                 {typ: "*hooks.OtherEvent"},
	"InstructionsLoaded":          {typ: "*hooks.OtherEvent"},
	"MessageDisplay":              {typ: "*hooks.OtherEvent"},
	"PermissionRequest-Bash":      {"*hooks.PermissionRequestEvent", hooks.KindShell},
	"PermissionRequest-Write":     {"*hooks.PermissionRequestEvent", hooks.KindWrite},
	"PostCompact":                 {typ: "*hooks.OtherEvent"},
	"PostToolBatch":               {typ: "*hooks.OtherEvent"},
	"PostToolUse-Agent":           {"*hooks.PostToolUseEvent", hooks.KindOther},
	"PostToolUse-Bash":            {"*hooks.PostToolUseEvent", hooks.KindShell},
	"PostToolUse-Edit":            {"*hooks.PostToolUseEvent", hooks.KindEdit},
	"PostToolUse-Read":            {"*hooks.PostToolUseEvent", hooks.KindRead},
	"PostToolUse-TaskCreate":      {"*hooks.PostToolUseEvent", hooks.KindOther},
	"PostToolUse-TaskUpdate":      {"*hooks.PostToolUseEvent", hooks.KindOther},
	"PostToolUse-Write":           {"*hooks.PostToolUseEvent", hooks.KindWrite},
	"PostToolUseFailure-Bash":     {"*hooks.PostToolUseFailureEvent", hooks.KindShell},
	"PreCompact":                  {typ: "*hooks.PreCompactEvent"},
	"PreToolUse-Agent":            {"*hooks.PreToolUseEvent", hooks.KindOther},
	"PreToolUse-Bash":             {"*hooks.PreToolUseEvent", hooks.KindShell},
	"PreToolUse-Edit":             {"*hooks.PreToolUseEvent", hooks.KindEdit},
	"PreToolUse-Read":             {"*hooks.PreToolUseEvent", hooks.KindRead},
	"PreToolUse-TaskCreate":       {"*hooks.PreToolUseEvent", hooks.KindOther},
	"PreToolUse-TaskUpdate":       {"*hooks.PreToolUseEvent", hooks.KindOther},
	"PreToolUse-Write":            {"*hooks.PreToolUseEvent", hooks.KindWrite},
	"PreToolUse-mcp__fake__echo":  {"*hooks.PreToolUseEvent", hooks.KindMCP},
	"PreToolUse-Bash-in_subagent": {"*hooks.PreToolUseEvent", hooks.KindShell},
	"SessionEnd":                  {typ: "*hooks.SessionEndEvent"},
	"SessionStart":                {typ: "*hooks.SessionStartEvent"},
	"SessionStart-resume":         {typ: "*hooks.SessionStartEvent"},
	"Stop":                        {typ: "*hooks.StopEvent"},
	"StopFailure":                 {typ: "*hooks.OtherEvent"},
	"SubagentStart":               {typ: "*hooks.SubagentStartEvent"},
	"SubagentStop":                {typ: "*hooks.SubagentStopEvent"},
	"TaskCompleted":               {typ: "*hooks.OtherEvent"},
	"TaskCreated":                 {typ: "*hooks.OtherEvent"},
	"UserPromptExpansion":         {typ: "*hooks.OtherEvent"},
	"UserPromptSubmit":            {typ: "*hooks.UserPromptSubmitEvent"},
}

// TestRealCaptures parses every real Claude payload in
// testdata/captures/claude and checks the event type, the tool kind, the
// fields lifted into Base, and that Detect claims it.
func TestRealCaptures(t *testing.T) {
	a := New()
	for _, path := range hosttest.Captures(t, "claude") {
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		t.Run(name, func(t *testing.T) {
			payload, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			payload = bytes.TrimSpace(payload)
			want, ok := captureWant[name]
			if !ok {
				t.Fatalf("no expectation for capture %s: add it to captureWant", name)
			}
			ev, err := a.Parse(payload)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			if got := fmt.Sprintf("%T", ev); got != want.typ {
				t.Errorf("type = %s, want %s", got, want.typ)
			}
			var native Input
			if err := json.Unmarshal(payload, &native); err != nil {
				t.Fatal(err)
			}
			b := ev.Common()
			if b.Host != Host || b.NativeEvent != native.HookEventName || b.SessionID != native.SessionID ||
				b.Cwd != native.Cwd || b.TranscriptPath != native.TranscriptPath || !bytes.Equal(b.Raw, payload) {
				t.Errorf("base = %+v", b)
			}
			if tool := hooks.ToolOf(ev); tool != nil {
				if tool.Kind() != want.kind {
					t.Errorf("kind = %s, want %s", tool.Kind(), want.kind)
				}
				if tool.Name != native.ToolName || tool.ID != native.ToolUseID {
					t.Errorf("tool name/id = %q/%q", tool.Name, tool.ID)
				}
			} else if want.kind != "" {
				t.Errorf("no tool, want kind %s", want.kind)
			}
			if s := a.Detect(fields(t, payload)); s < hooks.DetectThreshold {
				t.Errorf("Detect = %.2f, want >= %.2f", s, hooks.DetectThreshold)
			}
		})
	}
}

// TestDetectOtherHosts checks that no real payload of Codex, Gemini,
// Cursor, Copilot, Qwen or Droid (Claude's field and event names, no
// prompt_id, no timestamp) reaches the threshold.
func TestDetectOtherHosts(t *testing.T) {
	a := New()
	n := 0
	for _, host := range []string{"codex", "gemini", "cursor", "copilot", "qwen", "droid"} {
		for _, path := range hosttest.Captures(t, host) {
			for i, payload := range payloads(t, path) {
				f := map[string]json.RawMessage{}
				if json.Unmarshal(payload, &f) != nil {
					continue
				}
				n++
				if s := a.Detect(f); s >= hooks.DetectThreshold {
					t.Errorf("%s #%d: Detect = %.2f, want < %.2f", filepath.Base(path), i, s, hooks.DetectThreshold)
				}
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d foreign payloads checked", n)
	}
}

func fields(t *testing.T, payload []byte) map[string]json.RawMessage {
	t.Helper()
	var f map[string]json.RawMessage
	if err := json.Unmarshal(payload, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// payloads returns the payloads of a capture file: the file itself, or
// for JSONL each line's "stdin" object (or the line itself when it has
// none).
func payloads(t *testing.T, path string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(path, ".jsonl") {
		return [][]byte{bytes.TrimSpace(data)}
	}
	var out [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var wrap struct {
			Stdin json.RawMessage `json:"stdin"`
		}
		if json.Unmarshal(line, &wrap) == nil && len(wrap.Stdin) > 0 && wrap.Stdin[0] == '{' {
			out = append(out, wrap.Stdin)
			continue
		}
		out = append(out, append([]byte(nil), line...))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
