package pi

import (
	"context"
	"reflect"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/agenthooks/hooks/writes"
)

// TestRealCaptures parses every payload the extension wrote under the real
// Pi 0.73.1 (testdata/captures/pi) and checks the unified type, the tool
// and detection, and for the file tools the files writes.Of reports.
func TestRealCaptures(t *testing.T) {
	pre, post := "*hooks.PreToolUseEvent", "*hooks.PostToolUseEvent"
	want := map[string]hosttest.CaptureWant{
		"session_start.json":     {Type: "*hooks.SessionStartEvent", NoTranscript: true},
		"agent_end.json":         {Type: "*hooks.StopEvent", NoTranscript: true},
		"tool_call-bash.json":    {Type: pre, Kind: hooks.KindShell, NoTranscript: true},
		"tool_result-bash.json":  {Type: post, Kind: hooks.KindShell, NoTranscript: true},
		"tool_call-write.json":   {Type: pre, Kind: hooks.KindWrite, NoTranscript: true},
		"tool_result-write.json": {Type: post, Kind: hooks.KindWrite, NoTranscript: true},
		"tool_call-edit.json":    {Type: pre, Kind: hooks.KindEdit, NoTranscript: true},
		"tool_result-edit.json":  {Type: post, Kind: hooks.KindEdit, NoTranscript: true},
		"tool_call-read.json":    {Type: pre, Kind: hooks.KindRead, NoTranscript: true},
		"tool_result-read.json":  {Type: post, Kind: hooks.KindRead, NoTranscript: true},
	}
	hosttest.RealCaptures(t, New(), "pi", want, func(t *testing.T, ev hooks.Event) {
		if ev.Common().SessionID == "" || ev.Common().Cwd != "/home/dev/project" {
			t.Errorf("base %+v", ev.Common())
		}
		tool := hooks.ToolOf(ev)
		if tool == nil {
			return
		}
		if tool.ID == "" || tool.InputErr != nil {
			t.Errorf("tool %s: id %q, input error %v", tool.Name, tool.ID, tool.InputErr)
		}
		if tool.Name == ToolWrite || tool.Name == ToolEdit {
			ws, err := writes.Of(context.Background(), tool, ev.Common().Cwd)
			var got []string
			for _, w := range ws {
				got = append(got, w.Path)
			}
			if err != nil || !reflect.DeepEqual(got, []string{"/home/dev/project/w.txt"}) {
				t.Errorf("writes.Of(%s) = %v, %v", tool.Name, got, err)
			}
		}
		if p, ok := ev.(*hooks.PostToolUseEvent); ok && p.Output.Text == "" {
			t.Errorf("%s result has no text", tool.Name)
		}
	})
}

// TestDetectOtherHosts: no real payload of another host may reach the
// threshold.
func TestDetectOtherHosts(t *testing.T) {
	hosttest.DetectOtherHosts(t, New(), 150)
}
