package codex

import (
	"encoding/json"
	"testing"
)

func TestDetectSignals(t *testing.T) {
	const (
		v7      = `"019a3f2c-1b2d-7c4e-9f00-5a6b7c8d9e0f"`
		v4      = `"71c07589-16b8-4f13-a79a-082593246822"`
		rollout = `"/home/dev/.codex/sessions/2026/01/15/rollout-2026-01-15T10-00-00-x.jsonl"`
		claudeT = `"/home/dev/.claude/projects/-home-dev-project/71c07589.jsonl"`
	)
	cases := []struct {
		name   string
		fields string
		want   float64
	}{
		{"no event name", `{"session_id":` + v7 + `,"turn_id":"t","transcript_path":` + rollout + `}`, 0},
		{"event name not a string", `{"hook_event_name":5,"turn_id":"t"}`, 0},
		{"Codex SessionEnd", `{"session_id":` + v7 + `,"transcript_path":` + rollout + `,"cwd":"/home/dev/project","hook_event_name":"SessionEnd","reason":"other"}`, 0.8},
		{"Codex SessionEnd, null transcript", `{"session_id":` + v7 + `,"transcript_path":null,"cwd":"/home/dev/project","hook_event_name":"SessionEnd","reason":"other"}`, 0.5},
		{"Codex SessionStart", `{"session_id":` + v7 + `,"transcript_path":` + rollout + `,"cwd":"/c","hook_event_name":"SessionStart","model":"gpt-5.5","permission_mode":"default","source":"startup"}`, 1},
		{"turn event, v4 id, null transcript", `{"session_id":` + v4 + `,"turn_id":"t","transcript_path":null,"cwd":"/c","hook_event_name":"PreToolUse","model":"m","permission_mode":"default"}`, 0.8},
		{"Claude SessionStart", `{"session_id":` + v4 + `,"transcript_path":` + claudeT + `,"cwd":"/c","hook_event_name":"SessionStart","source":"startup"}`, 0.1},
		{"Claude event with turn_id and prompt_id", `{"session_id":` + v7 + `,"turn_id":"t","prompt_id":"p","transcript_path":` + rollout + `,"hook_event_name":"Stop"}`, 0},
		{"Cursor keys veto", `{"conversation_id":"c","session_id":` + v7 + `,"turn_id":"t","hook_event_name":"preToolUse"}`, 0},
		{"Gemini timestamp veto", `{"session_id":` + v7 + `,"turn_id":"t","timestamp":"2026","hook_event_name":"BeforeTool"}`, 0},
		{"Windows rollout path", `{"session_id":` + v4 + `,"transcript_path":"C:\\Users\\dev\\.codex\\sessions\\2026\\01\\15\\rollout-1.jsonl","hook_event_name":"SessionEnd"}`, 0.5},
		{"uppercase v7, wrong variant", `{"session_id":"019A3F2C-1B2D-7C4E-1F00-5A6B7C8D9E0F","hook_event_name":"SessionEnd"}`, 0.1},
	}
	a := New()
	for _, c := range cases {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(c.fields), &m); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := a.Detect(m); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("%s: Detect = %.2f, want %.2f", c.name, got, c.want)
		}
	}
}

func TestIsUUIDv7(t *testing.T) {
	for s, want := range map[string]bool{
		"019a3f2c-1b2d-7c4e-9f00-5a6b7c8d9e0f":   true,
		"019A3F2C-1B2D-7C4E-BF00-5A6B7C8D9E0F":   true,
		"019a3f2c-1b2d-4c4e-9f00-5a6b7c8d9e0f":   false, // v4
		"019a3f2c-1b2d-7c4e-cf00-5a6b7c8d9e0f":   false, // variant
		"019a3f2c-1b2d-7c4e-9f00-5a6b7c8d9e0":    false,
		"019a3f2c-1b2d-7c4e-9f00-5a6b7c8d9e0g":   false,
		"019a3f2c+1b2d-7c4e-9f00-5a6b7c8d9e0f":   false,
		"019a3f2c-1b2d-7c4e-9f00-5a6b7c8d9e0fff": false,
	} {
		if got := isUUIDv7(s); got != want {
			t.Errorf("isUUIDv7(%q) = %v, want %v", s, got, want)
		}
	}
}
