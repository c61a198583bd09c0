package droid

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from Factory Droid. Signals, from the payloads of Droid 0.225.2
// and of the six other hosts:
//
//   - hook_event_name must be a PascalCase string; otherwise 0.
//   - transcript_path under ".factory/sessions/" (every event): +0.6.
//   - permission_mode (every event): +0.1; one of Droid's event names: +0.1.
//   - fields only Droid sends: CLAUDE_ENV_FILE (SessionStart),
//     tool_execution_count (Stop), session_duration_ms (SessionEnd), or a
//     tool named Execute or Create: +0.2.
//   - keys Droid never sends but others do (timestamp: Gemini, Qwen,
//     Copilot; prompt_id: Claude, Qwen; turn_id: Codex; tool_use_id;
//     cursor_version, conversation_id: Cursor; sessionId: Copilot) score 0.
//
// So a Droid payload scores at least 0.8, and one without the .factory
// transcript at most 0.4.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	name, ok := fastjson.DecodeString(fields["hook_event_name"])
	if !ok || name == "" || name[0] < 'A' || name[0] > 'Z' {
		return 0
	}
	for _, k := range [...]string{"timestamp", "prompt_id", "turn_id", "tool_use_id", "cursor_version", "conversation_id", "sessionId"} {
		if _, ok := fields[k]; ok {
			return 0
		}
	}
	score := 0.0
	if fastjson.PathContains(fields["transcript_path"], "/.factory/sessions/") {
		score += 0.6
	}
	if _, ok := fields["permission_mode"]; ok {
		score += 0.1
	}
	switch name {
	case EventPreToolUse, EventPostToolUse, EventUserPromptSubmit, EventNotification, EventStop,
		EventSubagentStop, EventPreCompact, EventSessionStart, EventSessionEnd:
		score += 0.1
	}
	tool, _ := fastjson.DecodeString(fields["tool_name"])
	for _, k := range [...]string{"CLAUDE_ENV_FILE", "tool_execution_count", "session_duration_ms"} {
		if _, ok := fields[k]; ok {
			tool = ToolExecute
		}
	}
	if tool == ToolExecute || tool == ToolCreate {
		score += 0.2
	}
	return min(score, 1)
}
