package codex

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

// TestCaptures parses every real Codex payload and checks the unified
// event type, the tool kind and the detection score.
func TestCaptures(t *testing.T) {
	want := map[string]struct {
		typ  string
		kind hooks.ToolKind
	}{
		"SessionStart":                        {"*hooks.SessionStartEvent", ""},
		"SessionEnd":                          {"*hooks.SessionEndEvent", ""},
		"UserPromptSubmit":                    {"*hooks.UserPromptSubmitEvent", ""},
		"PreToolUse-Bash":                     {"*hooks.PreToolUseEvent", hooks.KindShell},
		"PreToolUse-Bash-apply_patch_heredoc": {"*hooks.PreToolUseEvent", hooks.KindShell},
		"PreToolUse-apply_patch":              {"*hooks.PreToolUseEvent", hooks.KindPatch},
		"PermissionRequest-Bash":              {"*hooks.PermissionRequestEvent", hooks.KindShell},
		"PostToolUse-Bash":                    {"*hooks.PostToolUseEvent", hooks.KindShell},
		"PostToolUse-apply_patch":             {"*hooks.PostToolUseEvent", hooks.KindPatch},
		"Stop":                                {"*hooks.StopEvent", ""},
		"Stop-stop_hook_active":               {"*hooks.StopEvent", ""},
	}
	a := New()
	for _, p := range hosttest.Captures(t, "codex") {
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			w, ok := want[name]
			if !ok {
				t.Fatalf("no expectation for capture %s: add it to the table", name)
			}
			ev, err := a.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%T", ev); got != w.typ {
				t.Errorf("type %s, want %s", got, w.typ)
			}
			if tool := hooks.ToolOf(ev); (tool == nil) != (w.kind == "") || tool != nil && tool.Kind() != w.kind {
				t.Errorf("tool kind %s, want %s", tool.Kind(), w.kind)
			}
			b := ev.Common()
			if b.Host != Host || b.SessionID == "" || b.Cwd == "" || b.TranscriptPath == "" || !bytes.Equal(b.Raw, data) {
				t.Errorf("base not filled: %+v", b)
			}
			if b.NativeEvent != "SessionEnd" && b.Model == "" {
				t.Error("model not lifted")
			}
			if s := a.Detect(topLevel(t, data)); s < hooks.DetectThreshold {
				t.Errorf("Detect = %.2f, below %.2f", s, hooks.DetectThreshold)
			}
			if tool := hooks.ToolOf(ev); tool != nil {
				if in, ok := tool.Input.(*hooks.PatchInput); ok && len(in.Files) == 0 {
					t.Error("patch has no files")
				}
			}
		})
	}
}

// TestDetectOtherHosts checks that no payload of Claude Code, Gemini CLI,
// Cursor, Copilot CLI, Qwen Code or Droid reaches the threshold.
func TestDetectOtherHosts(t *testing.T) {
	a := New()
	n := 0
	for _, host := range []string{"claude", "gemini", "cursor", "copilot", "qwen", "droid"} {
		for _, p := range hosttest.Captures(t, host) {
			for i, payload := range payloads(t, p) {
				n++
				if s := a.Detect(topLevel(t, payload)); s >= hooks.DetectThreshold {
					t.Errorf("%s #%d: Detect = %.2f, want < %.2f", filepath.Base(p), i, s, hooks.DetectThreshold)
				}
			}
		}
	}
	t.Logf("%d payloads of other hosts checked", n)
}

// payloads returns the payloads of a capture file: the file itself, or for
// JSONL one per line (the "stdin" object when there is one, else the line
// less its "_" bookkeeping keys).
func payloads(t *testing.T, p string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(p, ".jsonl") {
		return [][]byte{data}
	}
	var out [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if in, ok := m["stdin"]; ok && len(in) > 0 && in[0] == '{' {
			out = append(out, in)
			continue
		}
		for k := range m {
			if strings.HasPrefix(k, "_") {
				delete(m, k)
			}
		}
		b, _ := json.Marshal(m)
		out = append(out, b)
	}
	return out
}

func topLevel(t *testing.T, payload []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(payload, &m); err != nil {
		t.Fatalf("not an object: %v", err)
	}
	return m
}
