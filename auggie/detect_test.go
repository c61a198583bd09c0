package auggie

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestDetectOtherHosts: no real payload of another host may reach the
// threshold.
func TestDetectOtherHosts(t *testing.T) {
	hosttest.DetectOtherHosts(t, New(), 150)
}

// TestDetectLookAlikes: payloads with Auggie's common fields but another
// host's marks (Cursor's, the Claude-like hosts') score 0, and a
// camelCase event name is never Auggie's.
func TestDetectLookAlikes(t *testing.T) {
	for p, want := range map[string]float64{
		`{"hook_event_name":"PreToolUse","conversation_id":"c","workspace_roots":["/p"],"is_mcp_tool":false}`:         1,
		`{"hook_event_name":"Stop","conversation_id":"c","workspace_roots":["/p"],"agent_stop_cause":"end_turn"}`:     1,
		`{"hook_event_name":"SessionStart","conversation_id":"c","workspace_roots":["/p"]}`:                           0.8,
		`{"hook_event_name":"preToolUse","conversation_id":"c","workspace_roots":["/p"],"is_mcp_tool":false}`:         0,
		`{"hook_event_name":"PreToolUse","conversation_id":"c","workspace_roots":["/p"],"cursor_version":"3.9.16"}`:   0,
		`{"hook_event_name":"PreToolUse","conversation_id":"c","generation_id":"g","workspace_roots":["/p"]}`:         0,
		`{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/p","conversation_id":"c","workspace_roots":["/p"]}`: 0,
		`{"hook_event_name":"PreToolUse","conversation_id":"c","workspace_roots":"/p","is_mcp_tool":false}`:           0.4,
	} {
		var f map[string]json.RawMessage
		if err := json.Unmarshal([]byte(p), &f); err != nil {
			t.Fatal(err)
		}
		if got := New().Detect(f); got < want-1e-9 || got > want+1e-9 {
			t.Errorf("%s: Detect = %.2f, want %.2f", p, got, want)
		}
	}
}
