package droid

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

// TestRealCaptures parses every payload the real Droid 0.225.2 wrote
// (testdata/captures/droid) and checks the unified type, the tool and
// detection.
func TestRealCaptures(t *testing.T) {
	want := map[string]struct {
		typ  string
		kind hooks.ToolKind
	}{
		"PostToolUse-Create.json":  {"*hooks.PostToolUseEvent", hooks.KindWrite},
		"PostToolUse-Execute.json": {"*hooks.PostToolUseEvent", hooks.KindShell},
		"PostToolUse-Read.json":    {"*hooks.PostToolUseEvent", hooks.KindRead},
		"PreToolUse-Create.json":   {"*hooks.PreToolUseEvent", hooks.KindWrite},
		"PreToolUse-Edit.json":     {"*hooks.PreToolUseEvent", hooks.KindEdit},
		"PreToolUse-Execute.json":  {"*hooks.PreToolUseEvent", hooks.KindShell},
		"PreToolUse-Read.json":     {"*hooks.PreToolUseEvent", hooks.KindRead},
		"SessionEnd.json":          {"*hooks.SessionEndEvent", ""},
		"SessionStart.json":        {"*hooks.SessionStartEvent", ""},
		"Stop.json":                {"*hooks.StopEvent", ""},
	}
	a := New()
	seen := 0
	for _, path := range adaptertest.Captures(t, "droid") {
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
			tool := hooks.ToolOf(ev)
			switch {
			case w.kind == "" && tool != nil:
				t.Errorf("unexpected tool %+v", tool)
			case w.kind != "" && tool == nil:
				t.Errorf("no tool, want kind %s", w.kind)
			case tool != nil && (tool.Kind() != w.kind || tool.InputErr != nil || !json.Valid(tool.RawInput)):
				t.Errorf("tool %s kind %s, input error %v", tool.Name, tool.Kind(), tool.InputErr)
			case tool != nil:
				// The typed input rendered back is the native input.
				got, err := nativeInput(tool, tool.Input)
				if err != nil || !sameJSON(got, tool.RawInput) {
					t.Errorf("round trip = %s, %v; want %s", got, err, tool.RawInput)
				}
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
	dir := adaptertest.SharedDir(t, "captures", "droid")
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
	if sh := parse("PreToolUse-Execute.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.ShellInput); sh.Command != "rm -rf victim_dir" || sh.Description != "Remove the victim directory" {
		t.Errorf("shell %+v", sh)
	}
	if w := parse("PreToolUse-Create.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.WriteInput); w.Path != "/home/dev/project/.env" || w.Content != "SECRET=1\n" {
		t.Errorf("write %+v", w)
	}
	if e := parse("PreToolUse-Edit.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.EditInput); e.Path != "/home/dev/project/notes.txt" || e.Edits[0].Old != "alpha" || e.Edits[0].New != "beta" {
		t.Errorf("edit %+v", e)
	}
	// tool_response is a string holding JSON for Create, plain text otherwise.
	c := parse("PostToolUse-Create.json").(*hooks.PostToolUseEvent).Output
	if string(c.Raw) != `{"success":true,"file_path":"/home/dev/project/.env"}` || !strings.HasPrefix(c.Text, `{"success"`) {
		t.Errorf("create output %+v", c)
	}
	x := parse("PostToolUse-Execute.json").(*hooks.PostToolUseEvent).Output
	if !strings.HasPrefix(x.Text, "Command completed successfully") || string(x.Raw[0]) != `"` {
		t.Errorf("execute output %+v", x)
	}
	if s := parse("Stop.json").(*hooks.StopEvent); s.Active {
		t.Errorf("stop %+v", s)
	}
	if s := parse("SessionStart.json").(*hooks.SessionStartEvent); s.Source != "startup" {
		t.Errorf("session start %+v", s)
	}
	if s := parse("SessionEnd.json").(*hooks.SessionEndEvent); s.Reason != "other" {
		t.Errorf("session end %+v", s)
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return fmt.Sprint(x) == fmt.Sprint(y)
}
