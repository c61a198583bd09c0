package qwen

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from Qwen Code. Signals, from the payloads of Qwen Code 0.24.4 and
// of the six other hosts:
//
//   - hook_event_name must be a string; a Gemini-only name (BeforeTool,
//     AfterAgent, …) scores 0.
//   - transcript_path under ".qwen/projects/" (every event): +0.5.
//   - a prompt_id of the form "<session>########<n>" (turn events): +0.2.
//   - an ISO-8601 timestamp (every event; Claude Code, Codex, Cursor and
//     Droid send none): +0.2.
//   - permission_mode (every event): +0.1; one of Qwen's 22 event names:
//     +0.1.
//   - keys only other hosts send (cursor_version, conversation_id,
//     turn_id, sessionId) score 0.
//
// So every Qwen payload scores at least 0.9, and one without the .qwen
// transcript at most 0.6.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	name, ok := fastjson.DecodeString(fields["hook_event_name"])
	if !ok || name == "" {
		return 0
	}
	switch name {
	case "BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel", "BeforeToolSelection", "PreCompress":
		return 0
	}
	for _, k := range [...]string{"cursor_version", "conversation_id", "turn_id", "sessionId"} {
		if _, ok := fields[k]; ok {
			return 0
		}
	}
	score := 0.0
	if fastjson.PathContains(fields["transcript_path"], "/.qwen/projects/") {
		score += 0.5
	}
	if id, _ := fastjson.DecodeString(fields["prompt_id"]); strings.Contains(id, "########") {
		score += 0.2
	}
	if ts, ok := fastjson.DecodeString(fields["timestamp"]); ok {
		if _, err := time.Parse(time.RFC3339Nano, ts); err == nil {
			score += 0.2
		}
	}
	if _, ok := fields["permission_mode"]; ok {
		score += 0.1
	}
	if knownEvent(name) {
		score += 0.1
	}
	return min(score, 1)
}
