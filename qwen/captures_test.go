package qwen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/adaptertest"
)

// TestRealCaptures parses every payload the real Qwen Code 0.24.4 wrote
// (testdata/captures/qwen) and checks the unified type, the tool and
// detection.
func TestRealCaptures(t *testing.T) {
	want := map[string]struct {
		typ  string
		kind hooks.ToolKind
	}{
		"InstructionsLoaded.json":            {"*hooks.OtherEvent", ""},
		"MessageDisplay.json":                {"*hooks.OtherEvent", ""},
		"Notification.json":                  {"*hooks.NotificationEvent", ""},
		"PostToolBatch.json":                 {"*hooks.OtherEvent", ""},
		"PostToolUse-edit.json":              {"*hooks.PostToolUseEvent", hooks.KindEdit},
		"PostToolUse-read_file.json":         {"*hooks.PostToolUseEvent", hooks.KindRead},
		"PostToolUse-run_shell_command.json": {"*hooks.PostToolUseEvent", hooks.KindShell},
		"PostToolUse-write_file.json":        {"*hooks.PostToolUseEvent", hooks.KindWrite},
		"PreToolUse-edit.json":               {"*hooks.PreToolUseEvent", hooks.KindEdit},
		"PreToolUse-read_file.json":          {"*hooks.PreToolUseEvent", hooks.KindRead},
		"PreToolUse-run_shell_command.json":  {"*hooks.PreToolUseEvent", hooks.KindShell},
		"PreToolUse-write_file.json":         {"*hooks.PreToolUseEvent", hooks.KindWrite},
		"SessionStart.json":                  {"*hooks.SessionStartEvent", ""},
		"Stop.json":                          {"*hooks.StopEvent", ""},
		"UserPromptSubmit.json":              {"*hooks.UserPromptSubmitEvent", ""},
	}
	a := New()
	seen := 0
	for _, path := range adaptertest.Captures(t, "qwen") {
		name := filepath.Base(path)
		if strings.HasSuffix(name, ".meta.json") {
			continue
		}
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
			if b.Host != Host || b.SessionID == "" || b.Cwd != "/home/dev/project" || b.TranscriptPath == "" || !bytes.Equal(b.Raw, data) {
				t.Errorf("base not filled: %+v", b)
			}
			if b.NativeEvent != strings.SplitN(strings.TrimSuffix(name, ".json"), "-", 2)[0] {
				t.Errorf("native event %q", b.NativeEvent)
			}
			if o, ok := ev.(*hooks.OtherEvent); ok && o.Unknown {
				t.Errorf("a real event is unknown")
			}
			tool := hooks.ToolOf(ev)
			switch {
			case w.kind == "" && tool != nil:
				t.Errorf("unexpected tool %+v", tool)
			case w.kind != "" && tool == nil:
				t.Errorf("no tool, want kind %s", w.kind)
			case tool != nil && (tool.Kind() != w.kind || tool.InputErr != nil || tool.ID == "" || !json.Valid(tool.RawInput)):
				t.Errorf("tool %s kind %s, id %q, input error %v", tool.Name, tool.Kind(), tool.ID, tool.InputErr)
			}
			if p, ok := ev.(*hooks.PostToolUseEvent); ok && (p.Output.Text == "" || len(p.Output.Raw) == 0) {
				t.Errorf("output not lifted: %+v", p.Output)
			}
			var f map[string]json.RawMessage
			if err := json.Unmarshal(data, &f); err != nil {
				t.Fatal(err)
			}
			if s := a.Detect(f); s < hooks.DetectThreshold {
				t.Errorf("Detect = %.2f", s)
			}
		})
	}
	if seen != len(want) {
		t.Errorf("saw %d of the %d expected captures", seen, len(want))
	}
}

func TestCaptureValues(t *testing.T) {
	dir := adaptertest.SharedDir(t, "captures", "qwen")
	parse := func(name string) hooks.Event {
		t.Helper()
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
	if sh := parse("PreToolUse-run_shell_command.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.ShellInput); sh.Command != "rm -rf victim_dir" || sh.Description != "remove victim_dir" {
		t.Errorf("shell %+v", sh)
	}
	if w := parse("PreToolUse-write_file.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.WriteInput); w.Path != "/home/dev/project/.env" || w.Content != "SECRET=1\n" {
		t.Errorf("write %+v", w)
	}
	if e := parse("PreToolUse-edit.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.EditInput); e.Path != "/home/dev/project/notes.txt" || e.Edits[0].Old != "alpha" || e.Edits[0].New != "beta" {
		t.Errorf("edit %+v", e)
	}
	if p := parse("PostToolUse-read_file.json").(*hooks.PostToolUseEvent); p.Output.Text != "alpha\ngamma\n" {
		t.Errorf("read output %q", p.Output.Text)
	}
	if s := parse("Stop.json").(*hooks.StopEvent); s.Active || s.LastMessage != "All done." {
		t.Errorf("stop %+v", s)
	}
	if s := parse("SessionStart.json").(*hooks.SessionStartEvent); s.Source != "startup" || s.Model != "fake-model" {
		t.Errorf("session start %+v", s)
	}
	if p := parse("UserPromptSubmit.json").(*hooks.UserPromptSubmitEvent); !strings.HasPrefix(p.Prompt, "Clean up") {
		t.Errorf("prompt %q", p.Prompt)
	}
	if n := parse("Notification.json").(*hooks.NotificationEvent); n.Kind != "auth_success" {
		t.Errorf("notification %+v", n)
	}
}
