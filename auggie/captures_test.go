package auggie

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestRealCaptures parses every payload the real Auggie 0.36.0 wrote
// (testdata/captures/auggie) and checks the unified type, the tool and
// detection.
func TestRealCaptures(t *testing.T) {
	want := map[string]hosttest.CaptureWant{
		"PostToolUse-apply_patch.json":        {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindPatch, NoTranscript: true},
		"PostToolUse-launch-process.json":     {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindShell, NoTranscript: true},
		"PostToolUse-remove-files.json":       {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindPatch, NoTranscript: true},
		"PostToolUse-save-file.json":          {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindWrite, NoTranscript: true},
		"PostToolUse-str-replace-editor.json": {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindEdit, NoTranscript: true},
		"PostToolUse-view.json":               {Type: "*hooks.PostToolUseEvent", Kind: hooks.KindRead, NoTranscript: true},
		"PreToolUse-apply_patch.json":         {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindPatch, NoTranscript: true},
		"PreToolUse-launch-process.json":      {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindShell, NoTranscript: true},
		"PreToolUse-remove-files.json":        {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindPatch, NoTranscript: true},
		"PreToolUse-save-file.json":           {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindWrite, NoTranscript: true},
		"PreToolUse-str-replace-editor.json":  {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindEdit, NoTranscript: true},
		"PreToolUse-view.json":                {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindRead, NoTranscript: true},
		"PromptSubmit.json":                   {Type: "*hooks.UserPromptSubmitEvent", NoTranscript: true},
		"SessionEnd.json":                     {Type: "*hooks.SessionEndEvent", NoTranscript: true},
		"SessionStart.json":                   {Type: "*hooks.SessionStartEvent", NoTranscript: true},
		"Stop.json":                           {Type: "*hooks.StopEvent", NoTranscript: true},
	}
	hosttest.RealCaptures(t, New(), "auggie", want, func(t *testing.T, ev hooks.Event) {
		// The typed input rendered back is the native input, where the
		// tool can be rewritten.
		tool := hooks.ToolOf(ev)
		if tool == nil || tool.Name == ToolRemoveFiles || tool.Name == ToolApplyPatch || tool.Name == ToolStrReplaceEditor {
			return
		}
		got, err := nativeInput(tool, tool.Input)
		if err != nil || !sameJSON(got, tool.RawInput) {
			t.Errorf("round trip = %s, %v; want %s", got, err, tool.RawInput)
		}
	})
}

// TestCaptureValues checks the values lifted from the real payloads.
func TestCaptureValues(t *testing.T) {
	parse := hosttest.CaptureParser(t, New(), "auggie")
	if sh := parse("PreToolUse-launch-process.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.ShellInput); sh.Command != "echo hello" || sh.Cwd != "/home/dev/project" {
		t.Errorf("shell %+v", sh)
	}
	if w := parse("PreToolUse-save-file.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.WriteInput); w.Path != "notes.txt" || w.Content != "alpha\n" {
		t.Errorf("write %+v", w)
	}
	if e := parse("PreToolUse-str-replace-editor.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.EditInput); e.Path != "notes.txt" || len(e.Edits) != 1 || e.Edits[0].Old != "alpha" || e.Edits[0].New != "beta" {
		t.Errorf("edit %+v", e)
	}
	if r := parse("PreToolUse-view.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.ReadInput); r.Path != "notes.txt" {
		t.Errorf("read %+v", r)
	}
	if p := parse("PreToolUse-remove-files.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.PatchInput); len(p.Files) != 1 || p.Files[0].Op != hooks.PatchDelete || p.Files[0].Path != "added.txt" {
		t.Errorf("remove %+v", p)
	}
	if p := parse("PreToolUse-apply_patch.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.PatchInput); len(p.Files) != 1 || p.Files[0].Op != hooks.PatchAdd || p.Files[0].Path != "added.txt" {
		t.Errorf("patch %+v", p)
	}
	if o := parse("PostToolUse-launch-process.json").(*hooks.PostToolUseEvent).Output; !strings.Contains(o.Text, "<output>\nhello") {
		t.Errorf("output %+v", o)
	}
	if p := parse("PromptSubmit.json").(*hooks.UserPromptSubmitEvent); p.Prompt != "do it" || p.SessionID != "93dbf20d-03dd-4619-bcce-a140e2742741" {
		t.Errorf("prompt %+v", p)
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
