package droid

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestRealCaptures parses every payload the real Droid 0.225.2 wrote
// (testdata/captures/droid) and checks the unified type, the tool and
// detection.
func TestRealCaptures(t *testing.T) {
	want := map[string]hosttest.CaptureWant{
		"PostToolUse-Create.json":  {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindWrite},
		"PostToolUse-Execute.json": {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindShell},
		"PostToolUse-Read.json":    {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindRead},
		"PreToolUse-Create.json":   {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindWrite},
		"PreToolUse-Edit.json":     {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindEdit},
		"PreToolUse-Execute.json":  {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindShell},
		"PreToolUse-Read.json":     {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindRead},
		"SessionEnd.json":          {Type: "*hooks.SessionEndEvent"},
		"SessionStart.json":        {Type: "*hooks.SessionStartEvent"},
		"Stop.json":                {Type: "*hooks.StopEvent"},
	}
	hosttest.RealCaptures(t, New(), "droid", want, func(t *testing.T, ev hooks.Event) {
		// The typed input rendered back is the native input.
		if tool := hooks.ToolOf(ev); tool != nil {
			got, err := nativeInput(tool, tool.Input)
			if err != nil || !sameJSON(got, tool.RawInput) {
				t.Errorf("round trip = %s, %v; want %s", got, err, tool.RawInput)
			}
		}
	})
}

func TestCaptureValues(t *testing.T) {
	parse := hosttest.CaptureParser(t, New(), "droid")
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
