package qwen

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestRealCaptures parses every payload the real Qwen Code 0.24.4 wrote
// (testdata/captures/qwen) and checks the unified type, the tool and
// detection.
func TestRealCaptures(t *testing.T) {
	want := map[string]hosttest.CaptureWant{
		"InstructionsLoaded.json":            {Type: "*hooks.OtherEvent"},
		"MessageDisplay.json":                {Type: "*hooks.OtherEvent"},
		"Notification.json":                  {Type: "*hooks.NotificationEvent"},
		"PostToolBatch.json":                 {Type: "*hooks.OtherEvent"},
		"PostToolUse-edit.json":              {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindEdit},
		"PostToolUse-read_file.json":         {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindRead},
		"PostToolUse-run_shell_command.json": {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindShell},
		"PostToolUse-write_file.json":        {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindWrite},
		"PreToolUse-edit.json":               {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindEdit},
		"PreToolUse-read_file.json":          {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindRead},
		"PreToolUse-run_shell_command.json":  {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindShell},
		"PreToolUse-write_file.json":         {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindWrite},
		"SessionStart.json":                  {Type: "*hooks.SessionStartEvent"},
		"Stop.json":                          {Type: "*hooks.StopEvent"},
		"UserPromptSubmit.json":              {Type: "*hooks.UserPromptSubmitEvent"},
	}
	hosttest.RealCaptures(t, New(), "qwen", want, func(t *testing.T, ev hooks.Event) {
		if tool := hooks.ToolOf(ev); tool != nil && tool.ID == "" {
			t.Errorf("tool %s has no id", tool.Name)
		}
	})
}

func TestCaptureValues(t *testing.T) {
	parse := hosttest.CaptureParser(t, New(), "qwen")
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
