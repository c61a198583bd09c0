package kimi

import (
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

// TestRealCaptures parses every payload the real Kimi Code 2.1.0 wrote
// (testdata/captures/kimi) and checks the unified type, the base fields,
// the tool and detection.
func TestRealCaptures(t *testing.T) {
	want := map[string]string{
		"PreToolUse-Bash.json":  "*hooks.PreToolUseEvent",
		"SessionStart.json":     "*hooks.SessionStartEvent",
		"Stop.json":             "*hooks.StopEvent",
		"UserPromptSubmit.json": "*hooks.UserPromptSubmitEvent",
	}
	seen := 0
	for _, path := range hosttest.Captures(t, "kimi") {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			typ, ok := want[name]
			if !ok {
				t.Fatalf("capture %s has no expectation: add one", name)
			}
			seen++
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ev, err := New().Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%T", ev); got != typ {
				t.Errorf("type %s, want %s", got, typ)
			}
			b := ev.Common()
			if b.Host != Host || b.SessionID == "" || b.Cwd != "/home/dev/project" || !bytes.Equal(b.Raw, data) ||
				b.NativeEvent != strings.SplitN(strings.TrimSuffix(name, ".json"), "-", 2)[0] {
				t.Errorf("base %+v", b)
			}
			var f map[string]json.RawMessage
			if err := json.Unmarshal(data, &f); err != nil {
				t.Fatal(err)
			}
			if s := New().Detect(f); s < hooks.DetectThreshold {
				t.Errorf("Detect = %.2f", s)
			}
		})
	}
	if seen != len(want) {
		t.Errorf("saw %d of the %d expected captures", seen, len(want))
	}
}

func TestCaptureValues(t *testing.T) {
	parse := hosttest.CaptureParser(t, New(), "kimi")
	pre := parse("PreToolUse-Bash.json").(*hooks.PreToolUseEvent)
	if sh := pre.Tool.Input.(*hooks.ShellInput); sh.Command != "echo scout-hook-test > scout.txt" || pre.Tool.ID != "call_a9b6130f" || pre.Tool.InputErr != nil {
		t.Errorf("tool %+v input %+v", pre.Tool, sh)
	}
	if p := parse("UserPromptSubmit.json").(*hooks.UserPromptSubmitEvent); p.Prompt != "create scout.txt" {
		t.Errorf("prompt %q", p.Prompt)
	}
	if s := parse("SessionStart.json").(*hooks.SessionStartEvent); s.Source != "startup" || s.Model != "fake" {
		t.Errorf("session start %+v", s)
	}
	if s := parse("Stop.json").(*hooks.StopEvent); s.Active || s.LoopCount != 0 {
		t.Errorf("stop %+v", s)
	}
}
