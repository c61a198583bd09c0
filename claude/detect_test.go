package claude

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks"
)

func TestDetect(t *testing.T) {
	const (
		v4  = `"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d"`
		v7  = `"01a22847-2586-7510-83f0-062fa3921871"`
		ctp = `"/home/dev/.claude/projects/-home-dev-project/5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d.jsonl"`
	)
	cases := []struct {
		name    string
		payload string
		claude  bool
	}{
		{"session start", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"cwd":"/home/dev/project","hook_event_name":"SessionStart","source":"startup"}`, true},
		{"pre tool", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"cwd":"/p","prompt_id":"x","permission_mode":"default","effort":{"level":"high"},"hook_event_name":"PreToolUse","tool_name":"Bash"}`, true},
		{"windows transcript", `{"session_id":` + v4 + `,"transcript_path":"C:\\Users\\dev\\.claude\\projects\\p\\s.jsonl","hook_event_name":"SessionStart"}`, true},
		{"custom config dir", `{"session_id":` + v4 + `,"transcript_path":"/srv/cc/projects/-p/s.jsonl","hook_event_name":"InstructionsLoaded"}`, true},
		{"message display has turn_id", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"prompt_id":"x","hook_event_name":"MessageDisplay","turn_id":"t"}`, true},
		{"unknown future event", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"prompt_id":"x","hook_event_name":"BrandNewEvent"}`, true},
		{"bare pascal event", `{"session_id":` + v4 + `,"hook_event_name":"SessionStart"}`, false},
		{"camelCase (cursor)", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"prompt_id":"x","hook_event_name":"preToolUse"}`, false},
		{"cursor_version", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"prompt_id":"x","hook_event_name":"Stop","cursor_version":"3.9.16"}`, false},
		{"gemini timestamp", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"prompt_id":"x","hook_event_name":"SessionStart","timestamp":"2026-01-01T00:00:00Z"}`, false},
		{"gemini transcript", `{"session_id":` + v4 + `,"transcript_path":"/home/dev/.gemini/tmp/project/chats/s.jsonl","hook_event_name":"SessionStart"}`, false},
		{"codex turn_id", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"hook_event_name":"PreToolUse","turn_id":"t"}`, false},
		{"codex rollout", `{"session_id":` + v4 + `,"transcript_path":"/home/dev/.codex/sessions/2026/11/29/rollout-2026-11-29T17-08-01-x.jsonl","hook_event_name":"SessionEnd"}`, false},
		{"codex uuidv7", `{"session_id":` + v7 + `,"transcript_path":"/somewhere/projects/x.jsonl","hook_event_name":"SessionEnd","cwd":"/p"}`, false},
		{"codex session start", `{"session_id":` + v4 + `,"transcript_path":"/x/projects/s.jsonl","hook_event_name":"SessionStart","model":"gpt-5.5","permission_mode":"default"}`, false},
		{"droid (Claude's fields, no prompt_id)", `{"session_id":` + v4 + `,"transcript_path":"/home/dev/.factory/sessions/-home-dev-project/s.jsonl","cwd":"/p","permission_mode":"auto-low","hook_event_name":"PreToolUse","tool_name":"Execute","effort":{}}`, false},
		{"qwen transcript without timestamp", `{"session_id":` + v4 + `,"transcript_path":"/home/dev/.qwen/projects/-home-dev-project/chats/s.jsonl","prompt_id":"s########0","hook_event_name":"Stop"}`, false},
		{"copilot event log", `{"session_id":` + v4 + `,"transcript_path":"/home/dev/.copilot/session-state/s/events.jsonl","prompt_id":"x","hook_event_name":"Stop"}`, false},
		{"no event name", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"prompt_id":"x"}`, false},
		{"event name not a string", `{"session_id":` + v4 + `,"transcript_path":` + ctp + `,"prompt_id":"x","hook_event_name":7}`, false},
	}
	a := New()
	for _, c := range cases {
		var f map[string]json.RawMessage
		if err := json.Unmarshal([]byte(c.payload), &f); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		s := a.Detect(f)
		if s < 0 || s > 1 {
			t.Errorf("%s: score %.2f out of range", c.name, s)
		}
		if got := s >= hooks.DetectThreshold; got != c.claude {
			t.Errorf("%s: score %.2f, want claude=%v", c.name, s, c.claude)
		}
	}
	if s := a.Detect(nil); s != 0 {
		t.Errorf("nil fields: %.2f", s)
	}
}
