package opencode

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/hosttest"
)

// TestRealCaptures parses every payload the plugin wrote under the real
// OpenCode 1.18.33 (testdata/captures/opencode) and checks the unified
// type, the tool and detection.
func TestRealCaptures(t *testing.T) {
	want := map[string]hosttest.CaptureWant{
		"session.created.json":          {Type: "*hooks.SessionStartEvent", NoTranscript: true},
		"session.idle.json":             {Type: "*hooks.StopEvent", NoTranscript: true},
		"tool.execute.before-bash.json": {Type: "*hooks.PreToolUseEvent", Kind: hooks.KindShell, NoTranscript: true},
	}
	hosttest.RealCaptures(t, New(), "opencode", want, func(t *testing.T, ev hooks.Event) {
		if ev.Common().SessionID == "" || ev.Common().Cwd != "/home/dev/project" {
			t.Errorf("base %+v", ev.Common())
		}
		if tool := hooks.ToolOf(ev); tool != nil && tool.ID == "" {
			t.Errorf("tool %s has no id", tool.Name)
		}
	})
}

// TestDetectOtherHosts: no real payload of another host may reach the
// threshold.
func TestDetectOtherHosts(t *testing.T) {
	hosttest.DetectOtherHosts(t, New(), 150)
}
