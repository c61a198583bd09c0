package opencode

import (
	"context"
	"reflect"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/agenthooks/hooks/writes"
)

// TestRealCaptures parses every payload the plugin wrote under the real
// OpenCode 1.18.33 (testdata/captures/opencode) and Kilo Code CLI 7.7.7
// (testdata/captures/kilo) and checks the unified type, the tool and
// detection, and for the file tools the files writes.Of reports.
func TestRealCaptures(t *testing.T) {
	pre, post := "*hooks.PreToolUseEvent", "*hooks.PostToolUseEvent"
	want := map[string]hosttest.CaptureWant{
		"tool.execute.before-write.json":       {Type: pre, Kind: hooks.KindWrite, NoTranscript: true},
		"tool.execute.after-write.json":        {Type: post, Kind: hooks.KindWrite, NoTranscript: true},
		"tool.execute.before-edit.json":        {Type: pre, Kind: hooks.KindEdit, NoTranscript: true},
		"tool.execute.after-edit.json":         {Type: post, Kind: hooks.KindEdit, NoTranscript: true},
		"tool.execute.before-apply_patch.json": {Type: pre, Kind: hooks.KindPatch, NoTranscript: true},
		"tool.execute.after-apply_patch.json":  {Type: post, Kind: hooks.KindPatch, NoTranscript: true},
	}
	files := map[string][]string{
		"write":       {"/home/dev/project/w0/notes.txt"},
		"edit":        {"/home/dev/project/w1/notes.txt"},
		"apply_patch": {"/home/dev/project/p0/new.txt", "/home/dev/project/p0/a.txt", "/home/dev/project/p0/b.txt", "/home/dev/project/p0/moved.txt", "/home/dev/project/p0/gone.txt"},
	}
	check := func(t *testing.T, ev hooks.Event) {
		if ev.Common().SessionID == "" || ev.Common().Cwd != "/home/dev/project" {
			t.Errorf("base %+v", ev.Common())
		}
		tool := hooks.ToolOf(ev)
		if tool == nil {
			return
		}
		if tool.ID == "" {
			t.Errorf("tool %s has no id", tool.Name)
		}
		if wantFiles, ok := files[tool.Name]; ok {
			ws, err := writes.Of(context.Background(), tool, ev.Common().Cwd)
			var got []string
			for _, w := range ws {
				got = append(got, w.Path)
			}
			if err != nil || !reflect.DeepEqual(got, wantFiles) {
				t.Errorf("writes.Of(%s) = %v, %v; want %v", tool.Name, got, err, wantFiles)
			}
		}
	}
	t.Run("kilo", func(t *testing.T) { hosttest.RealCaptures(t, New(), "kilo", want, check) })
	want["session.created.json"] = hosttest.CaptureWant{Type: "*hooks.SessionStartEvent", NoTranscript: true}
	want["session.idle.json"] = hosttest.CaptureWant{Type: "*hooks.StopEvent", NoTranscript: true}
	want["tool.execute.before-bash.json"] = hosttest.CaptureWant{Type: pre, Kind: hooks.KindShell, NoTranscript: true}
	t.Run("opencode", func(t *testing.T) { hosttest.RealCaptures(t, New(), "opencode", want, check) })
}

// TestDetectOtherHosts: no real payload of another host may reach the
// threshold.
func TestDetectOtherHosts(t *testing.T) {
	hosttest.DetectOtherHosts(t, New(), 150)
}
