package copilot

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
	"github.com/agenthooks/hooks/writes"
)

// TestRealCaptures parses every payload the real Copilot CLI 1.0.102 wrote
// (testdata/captures/copilot/{camel,pascal}), both bound to the event it
// was registered for (the file name) and unbound (the event inferred), and
// checks the unified type, the tool and its typed input, and detection.
func TestRealCaptures(t *testing.T) {
	want := map[string]struct {
		typ  string
		kind hooks.ToolKind
	}{
		"camel/agentStop-subagent.json":             {"*hooks.StopEvent", ""},
		"camel/agentStop.json":                      {"*hooks.StopEvent", ""},
		"camel/errorOccurred.json":                  {"*hooks.OtherEvent", ""},
		"camel/notification.json":                   {"*hooks.NotificationEvent", ""},
		"camel/permissionRequest-bash.json":         {"*hooks.PermissionRequestEvent", hooks.KindShell},
		"camel/permissionRequest-edit.json":         {"*hooks.PermissionRequestEvent", hooks.KindPatch},
		"camel/postToolUse-bash-subagent.json":      {"*hooks.PostToolUseEvent", hooks.KindShell},
		"camel/postToolUse-bash.json":               {"*hooks.PostToolUseEvent", hooks.KindShell},
		"camel/postToolUse-create.json":             {"*hooks.PostToolUseEvent", hooks.KindWrite},
		"camel/postToolUse-edit.json":               {"*hooks.PostToolUseEvent", hooks.KindEdit},
		"camel/postToolUse-task.json":               {"*hooks.PostToolUseEvent", hooks.KindOther},
		"camel/postToolUseFailure-view.json":        {"*hooks.PostToolUseFailureEvent", hooks.KindRead},
		"camel/preCompact.json":                     {"*hooks.PreCompactEvent", ""},
		"camel/preToolUse-bash-subagent.json":       {"*hooks.PreToolUseEvent", hooks.KindShell},
		"camel/preToolUse-bash.json":                {"*hooks.PreToolUseEvent", hooks.KindShell},
		"camel/preToolUse-create.json":              {"*hooks.PreToolUseEvent", hooks.KindWrite},
		"camel/preToolUse-edit.json":                {"*hooks.PreToolUseEvent", hooks.KindEdit},
		"camel/preToolUse-task.json":                {"*hooks.PreToolUseEvent", hooks.KindOther},
		"camel/preToolUse-view.json":                {"*hooks.PreToolUseEvent", hooks.KindRead},
		"camel/sessionEnd.json":                     {"*hooks.SessionEndEvent", ""},
		"camel/sessionStart.json":                   {"*hooks.SessionStartEvent", ""},
		"camel/subagentStart.json":                  {"*hooks.SubagentStartEvent", ""},
		"camel/subagentStop.json":                   {"*hooks.SubagentStopEvent", ""},
		"camel/userPromptSubmitted-subagent.json":   {"*hooks.UserPromptSubmitEvent", ""},
		"camel/userPromptSubmitted.json":            {"*hooks.UserPromptSubmitEvent", ""},
		"camel/userPromptTransformed-subagent.json": {"*hooks.OtherEvent", ""},
		"camel/userPromptTransformed.json":          {"*hooks.OtherEvent", ""},
		"pascal/ErrorOccurred.json":                 {"*hooks.OtherEvent", ""},
		"pascal/Notification.json":                  {"*hooks.NotificationEvent", ""},
		"pascal/PermissionRequest-bash.json":        {"*hooks.PermissionRequestEvent", hooks.KindShell},
		"pascal/PermissionRequest-edit.json":        {"*hooks.PermissionRequestEvent", hooks.KindPatch},
		"pascal/PostToolUse-Agent.json":             {"*hooks.PostToolUseEvent", hooks.KindOther},
		"pascal/PostToolUse-Bash-subagent.json":     {"*hooks.PostToolUseEvent", hooks.KindShell},
		"pascal/PostToolUse-Bash.json":              {"*hooks.PostToolUseEvent", hooks.KindShell},
		"pascal/PostToolUse-Edit.json":              {"*hooks.PostToolUseEvent", hooks.KindEdit},
		"pascal/PostToolUse-Write.json":             {"*hooks.PostToolUseEvent", hooks.KindWrite},
		"pascal/PostToolUseFailure-Read.json":       {"*hooks.PostToolUseFailureEvent", hooks.KindRead},
		"pascal/PreCompact.json":                    {"*hooks.PreCompactEvent", ""},
		"pascal/PreToolUse-Agent.json":              {"*hooks.PreToolUseEvent", hooks.KindOther},
		"pascal/PreToolUse-Bash-subagent.json":      {"*hooks.PreToolUseEvent", hooks.KindShell},
		"pascal/PreToolUse-Bash.json":               {"*hooks.PreToolUseEvent", hooks.KindShell},
		"pascal/PreToolUse-Edit.json":               {"*hooks.PreToolUseEvent", hooks.KindEdit},
		"pascal/PreToolUse-Read.json":               {"*hooks.PreToolUseEvent", hooks.KindRead},
		"pascal/PreToolUse-Write.json":              {"*hooks.PreToolUseEvent", hooks.KindWrite},
		"pascal/SessionEnd.json":                    {"*hooks.SessionEndEvent", ""},
		"pascal/SessionStart.json":                  {"*hooks.SessionStartEvent", ""},
		"pascal/Stop-subagent.json":                 {"*hooks.StopEvent", ""},
		"pascal/Stop.json":                          {"*hooks.StopEvent", ""},
		"pascal/SubagentStart.json":                 {"*hooks.SubagentStartEvent", ""},
		"pascal/SubagentStop.json":                  {"*hooks.SubagentStopEvent", ""},
		"pascal/UserPromptSubmit-subagent.json":     {"*hooks.UserPromptSubmitEvent", ""},
		"pascal/UserPromptSubmit.json":              {"*hooks.UserPromptSubmitEvent", ""},
	}
	root := hosttest.SharedDir(t, "captures", "copilot")
	seen := 0
	for _, path := range hosttest.Captures(t, "copilot") {
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if strings.HasSuffix(rel, ".meta.json") {
			continue
		}
		t.Run(rel, func(t *testing.T) {
			w, ok := want[rel]
			if !ok {
				t.Fatalf("capture %s has no expectation in the table: add one", rel)
			}
			seen++
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			registered := strings.SplitN(strings.TrimSuffix(filepath.Base(rel), ".json"), "-", 2)[0]
			bound, err := ForEvent(registered).Parse(data)
			if err != nil {
				t.Fatalf("bound to %s: %v", registered, err)
			}
			unbound, err := New().Parse(data)
			if err != nil {
				t.Fatalf("unbound: %v", err)
			}
			for _, ev := range []hooks.Event{bound, unbound} {
				if got := fmt.Sprintf("%T", ev); got != w.typ {
					t.Errorf("type %s, want %s", got, w.typ)
				}
				b := ev.Common()
				if b.Host != Host || b.SessionID == "" || b.Cwd != "/home/dev/project" || !bytes.Equal(b.Raw, data) {
					t.Errorf("base not filled: %+v", b)
				}
				checkTool(t, ev, w.kind)
			}
			if got := bound.Common().NativeEvent; got != registered {
				t.Errorf("bound native event %q, want %q", got, registered)
			}
			if a, b := bound.Common().NativeEvent, unbound.Common().NativeEvent; a != b {
				if ca, _ := camelEvent(a); ca != b {
					if cb, _ := camelEvent(b); ca != cb {
						t.Errorf("unbound inferred %s, registered %s", b, a)
					}
				}
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

func checkTool(t *testing.T, ev hooks.Event, kind hooks.ToolKind) {
	t.Helper()
	tool := hooks.ToolOf(ev)
	switch {
	case kind == "" && tool != nil:
		t.Errorf("unexpected tool %+v", tool)
	case kind != "" && tool == nil:
		t.Errorf("no tool, want kind %s", kind)
	case tool == nil:
		return
	}
	if tool.Kind() != kind || tool.Name == "" || tool.InputErr != nil || !json.Valid(tool.RawInput) {
		t.Errorf("tool %s kind %s (want %s), input error %v", tool.Name, tool.Kind(), kind, tool.InputErr)
	}
	if p, ok := ev.(*hooks.PostToolUseEvent); ok && (p.Output.Text == "" || len(p.Output.Raw) == 0) {
		t.Errorf("tool output not lifted: %+v", p.Output)
	}
	if kind == hooks.KindOther || kind == hooks.KindPatch {
		return
	}
	// The typed input rendered back is the native input.
	got, err := nativeArgs(tool, tool.Input)
	if err != nil || !sameJSON(got, tool.RawInput) {
		t.Errorf("round trip of %s input = %s, %v; want %s", tool.Name, got, err, tool.RawInput)
	}
}

// TestCaptureValues checks the lifted values of a few real captures.
func TestCaptureValues(t *testing.T) {
	dir := hosttest.SharedDir(t, "captures", "copilot")
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
	for _, name := range []string{"camel/preToolUse-bash.json", "pascal/PreToolUse-Bash.json", "camel/permissionRequest-bash.json"} {
		var in hooks.ToolInput
		switch ev := parse(name).(type) {
		case *hooks.PreToolUseEvent:
			in = ev.Tool.Input
		case *hooks.PermissionRequestEvent:
			in = ev.Tool.Input
		}
		if sh, ok := in.(*hooks.ShellInput); !ok || sh.Command != "rm -rf victim_dir" {
			t.Errorf("%s: shell input %+v", name, in)
		}
	}
	for _, name := range []string{"camel/preToolUse-create.json", "pascal/PreToolUse-Write.json"} {
		w := parse(name).(*hooks.PreToolUseEvent).Tool.Input.(*hooks.WriteInput)
		if w.Path != "/home/dev/project/.env" || w.Content != "SECRET=1\n" {
			t.Errorf("%s: write input %+v", name, w)
		}
	}
	perm := parse("camel/permissionRequest-edit.json").(*hooks.PermissionRequestEvent)
	if ps := writes.Paths(&perm.Tool); len(ps) != 1 || ps[0] != "/home/dev/project/.env" {
		t.Errorf("permissionRequest edit write paths %v", ps)
	}
	if p := perm.Tool.Input.(*hooks.PatchInput); p.Files[0].Op != hooks.PatchAdd || !strings.Contains(p.Patch, "+SECRET=1") {
		t.Errorf("permissionRequest edit patch %+v", p)
	}
	ed := parse("camel/preToolUse-edit.json").(*hooks.PreToolUseEvent).Tool.Input.(*hooks.EditInput)
	if ed.Path != "/home/dev/project/hello.txt" || ed.Edits[0].Old != "hello" || ed.Edits[0].New != "bye" {
		t.Errorf("edit input %+v", ed)
	}
	if r := parse("camel/postToolUseFailure-view.json").(*hooks.PostToolUseFailureEvent); r.Error != "Path does not exist" {
		t.Errorf("failure %+v", r)
	}
	if o := parse("pascal/PostToolUse-Write.json").(*hooks.PostToolUseEvent).Output; !strings.Contains(o.Text, "Created file") {
		t.Errorf("output %+v", o)
	}
	if s := parse("camel/subagentStop.json").(*hooks.SubagentStopEvent); s.LastMessage != "Subagent found hello.txt." || s.Agent.Type != "explore" {
		t.Errorf("subagent stop %+v", s)
	}
	if s := parse("pascal/SubagentStart.json").(*hooks.SubagentStartEvent); s.Agent.ID != "efe7fc6e-bbe9-4508-bd47-48db94047ab4" {
		t.Errorf("subagent start %+v", s)
	}
	if s := parse("pascal/Stop.json").(*hooks.StopEvent); s.Active || !strings.HasSuffix(s.TranscriptPath, "events.jsonl") {
		t.Errorf("stop %+v", s)
	}
	if s := parse("camel/sessionStart.json").(*hooks.SessionStartEvent); s.Source != "new" {
		t.Errorf("session start %+v", s)
	}
	if n := parse("camel/notification.json").(*hooks.NotificationEvent); n.Kind != "shell_completed" {
		t.Errorf("notification %+v", n)
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return fmt.Sprint(x) == fmt.Sprint(y)
}
