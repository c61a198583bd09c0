package cline

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestRealCaptures parses every payload the real Cline CLI 3.0.65 wrote
// (testdata/captures/cline): the unified type, the base fields, the tool
// and detection.
func TestRealCaptures(t *testing.T) {
	want := map[string]struct {
		typ  string
		kind hooks.ToolKind
	}{
		"PostToolUse.json":              {"*hooks.PostToolUseEvent", hooks.KindShell},
		"PostToolUse-editor.json":       {"*hooks.PostToolUseEvent", hooks.KindWrite},
		"PostToolUse-read_files.json":   {"*hooks.PostToolUseEvent", hooks.KindRead},
		"PreToolUse-run_commands.json":  {"*hooks.PreToolUseEvent", hooks.KindShell},
		"PreToolUse-editor-create.json": {"*hooks.PreToolUseEvent", hooks.KindWrite},
		"PreToolUse-editor-edit.json":   {"*hooks.PreToolUseEvent", hooks.KindEdit},
		"PreToolUse-read_files.json":    {"*hooks.PreToolUseEvent", hooks.KindRead},
		"SessionShutdown.json":          {"*hooks.SessionEndEvent", ""},
		"TaskComplete.json":             {"*hooks.StopEvent", ""},
		"TaskStart.json":                {"*hooks.SessionStartEvent", ""},
		"TaskResume.json":               {"*hooks.SessionStartEvent", ""},
	}
	seen := 0
	for _, path := range hosttest.Captures(t, "cline") {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			w, ok := want[name]
			if !ok {
				t.Fatalf("capture %s has no expectation in the table", name)
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
			if got := typeName(ev); got != w.typ {
				t.Errorf("type %s, want %s", got, w.typ)
			}
			b := ev.Common()
			if b.Host != Host || b.SessionID == "" || b.Cwd != "/home/dev/project" || string(b.Raw) != string(data) {
				t.Errorf("base %+v", b)
			}
			if native := name[:len(name)-len(filepath.Ext(name))]; b.NativeEvent != firstPart(native) {
				t.Errorf("native event %q", b.NativeEvent)
			}
			tool := hooks.ToolOf(ev)
			if (tool != nil) != (w.kind != "") || tool != nil && (tool.Kind() != w.kind || tool.InputErr != nil || tool.ID == "") {
				t.Errorf("tool %+v", tool)
			}
			if p, ok := ev.(*hooks.PostToolUseEvent); ok && len(p.Output.Raw) == 0 {
				t.Errorf("output not lifted: %+v", p.Output)
			}
			var f map[string]json.RawMessage
			json.Unmarshal(data, &f)
			if s := New().Detect(f); s < hooks.DetectThreshold {
				t.Errorf("Detect = %.2f", s)
			}
		})
	}
	if seen != len(want) {
		t.Errorf("saw %d of the %d expected captures", seen, len(want))
	}
}

// TestDetectOtherHosts: no real payload of another host may reach the
// threshold.
func TestDetectOtherHosts(t *testing.T) {
	hosttest.DetectOtherHosts(t, New(), 150)
}

func typeName(ev hooks.Event) string {
	switch ev.(type) {
	case *hooks.PostToolUseEvent:
		return "*hooks.PostToolUseEvent"
	case *hooks.PreToolUseEvent:
		return "*hooks.PreToolUseEvent"
	case *hooks.SessionEndEvent:
		return "*hooks.SessionEndEvent"
	case *hooks.StopEvent:
		return "*hooks.StopEvent"
	case *hooks.SessionStartEvent:
		return "*hooks.SessionStartEvent"
	}
	return "other"
}

func firstPart(s string) string {
	for i := range s {
		if s[i] == '-' {
			return s[:i]
		}
	}
	return s
}

// TestSessionAcrossResume: the TaskStart of a session's first run and the
// TaskResume of cline --id resuming it carry different taskIds but name
// their session in sessionContext.rootSessionId (measured by e2e's
// TestClineResume), which is SessionID: the real TaskResume capture's
// differs from its taskId. A payload without it falls back to the
// taskId.
func TestSessionAcrossResume(t *testing.T) {
	root, err := hosttest.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "testdata", "captures", "cline", "TaskResume.json"))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := New().Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		TaskID  string `json:"taskId"`
		Context struct {
			Root string `json:"rootSessionId"`
		} `json:"sessionContext"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	start, ok := ev.(*hooks.SessionStartEvent)
	if !ok || start.Source != "resume" || start.SessionID != v.Context.Root || v.Context.Root == "" || v.Context.Root == v.TaskID {
		t.Errorf("TaskResume: %T %+v (payload %+v)", ev, ev.Common(), v)
	}
	ev, err = New().Parse([]byte(`{"taskId":"conv_1","workspaceRoots":["/home/dev/project"],"hookName":"agent_start","taskStart":{"taskMetadata":{}}}`))
	if err != nil || ev.Common().SessionID != "conv_1" {
		t.Errorf("no sessionContext: %v, %+v", err, ev)
	}
}
