package cursor

import (
	"encoding/json"
	"testing"
)

func TestDetectSignals(t *testing.T) {
	a := New()
	for _, tc := range []struct {
		payload string
		min     float64
		max     float64
	}{
		{`{"cursor_version":"3.9.16"}`, 1, 1},
		{`{"cursor_version":"2026.07.23-e383d2b","hook_event_name":"sessionStart"}`, 1, 1},
		{`{"cursor_version":3}`, 0, 0}, // not a string: not Cursor's
		{`{"conversation_id":"c","generation_id":"g"}`, 0.6, 0.6},
		{`{"conversation_id":"c"}`, 0, 0},
		{`{"hook_event_name":"postToolUse","tool_name":"Read"}`, 0.5, 0.5}, // the CLI fragments
		{`{"hook_event_name":"stop"}`, 0.5, 0.5},
		{`{"hook_event_name":"Stop","session_id":"s","cwd":"/a"}`, 0, 0}, // Claude/Codex casing
		{`{"hook_event_name":"PreToolUse","tool_use_id":"t","model":"m","transcript_path":"/t"}`, 0, 0},
		{`{"hook_event_name":"BeforeTool"}`, 0, 0},
		{`{"hook_event_name":"somethingNew"}`, 0, 0},
		{`{"hook_event_name":5}`, 0, 0},
		{`{"workspace_roots":["/a"]}`, 0.3, 0.3},
		{`{"conversation_id":"c","generation_id":"g","hook_event_name":"preToolUse","workspace_roots":[]}`, 1, 1},
		{`{}`, 0, 0},
	} {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal([]byte(tc.payload), &fields); err != nil {
			t.Fatal(err)
		}
		if s := a.Detect(fields); s < tc.min-1e-9 || s > tc.max+1e-9 {
			t.Errorf("Detect(%s) = %.2f, want %.2f..%.2f", tc.payload, s, tc.min, tc.max)
		}
	}
}
