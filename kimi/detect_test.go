package kimi

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestDetectOtherHosts: no real payload of another host may reach the
// threshold.
func TestDetectOtherHosts(t *testing.T) {
	hosttest.DetectOtherHosts(t, New(), 150)
}

// TestDetectMarker: the score is client_type "kimi_code_cli" with an
// event name, and nothing else.
func TestDetectMarker(t *testing.T) {
	cases := []struct {
		payload string
		want    float64
	}{
		{`{"hook_event_name":"PreToolUse","client_type":"kimi_code_cli"}`, 1},
		{`{"hook_event_name":"Stop","client_type":"kimi_code_cli","transcript_path":"/x"}`, 1},
		{`{"hook_event_name":"PreToolUse","client_type":"kimi_code"}`, 0},
		{`{"hook_event_name":"PreToolUse","client_type":"KIMI_CODE_CLI"}`, 0},
		{`{"hook_event_name":"PreToolUse","client_type":["kimi_code_cli"]}`, 0},
		{`{"hook_event_name":"preToolUse","client_type":"kimi_code_cli"}`, 0},
		{`{"client_type":"kimi_code_cli"}`, 0},
		{`{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/p","tool_name":"Bash"}`, 0},
	}
	for _, c := range cases {
		var f map[string]json.RawMessage
		if err := json.Unmarshal([]byte(c.payload), &f); err != nil {
			t.Fatal(err)
		}
		if got := New().Detect(f); got != c.want {
			t.Errorf("%s: Detect = %v, want %v", c.payload, got, c.want)
		}
	}
	if hooks.DetectThreshold > 1 {
		t.Fatal("threshold")
	}
}
