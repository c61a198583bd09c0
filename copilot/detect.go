package copilot

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from Copilot CLI. Two shapes, from the payloads of Copilot 1.0.102
// and of the six other hosts:
//
//   - camelCase (native registrations, and PermissionRequest, Notification
//     and SubagentStart of PascalCase ones): "sessionId" (no other host
//     spells it so) with a numeric "timestamp" (epoch milliseconds): 0.9,
//     whether or not an event name is present.
//   - snake_case (PascalCase registrations): a PascalCase hook_event_name
//     (0.2, plus 0.1 for one of Copilot's 13), an ISO-8601 timestamp (+0.3;
//     Claude Code, Codex, Cursor and Droid send none), and either no
//     transcript_path (tool and prompt events) or one under
//     ".../session-state/<id>/events.jsonl" (+0.3). Keys Copilot never
//     sends but Qwen Code, Claude Code, Codex or Cursor do
//     (permission_mode, prompt_id, model, tool_use_id, turn_id,
//     cursor_version, conversation_id), or Kimi Code does (client_type:
//     its payloads, Claude-like without a transcript, scored 0.6 here
//     before), score 0, and so does a transcript anywhere else (Gemini's
//     .gemini/tmp, Qwen's .qwen/projects).
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	if isString(fields["sessionId"]) && isNumber(fields["timestamp"]) {
		return 0.9
	}
	name, ok := fastjson.DecodeString(fields["hook_event_name"])
	if !ok || !isPascal(name) {
		return 0
	}
	for _, k := range [...]string{"permission_mode", "prompt_id", "model", "tool_use_id", "turn_id",
		"cursor_version", "conversation_id", "generation_id", "client_type"} {
		if _, ok := fields[k]; ok {
			return 0
		}
	}
	score := 0.2
	if _, ok := fromPascal(name); ok {
		score += 0.1
	}
	if ts, ok := fastjson.DecodeString(fields["timestamp"]); ok {
		if _, err := time.Parse(time.RFC3339Nano, ts); err == nil {
			score += 0.3
		}
	}
	if raw, ok := fields["transcript_path"]; !ok {
		score += 0.3
	} else if tp, _ := fastjson.DecodeString(raw); isEventLog(tp) {
		score += 0.3
	} else {
		return 0
	}
	return min(score, 1)
}

// isEventLog reports a Copilot transcript: .../session-state/<id>/events.jsonl.
func isEventLog(p string) bool {
	p = strings.ReplaceAll(p, `\`, "/")
	return strings.Contains(p, "/session-state/") && strings.HasSuffix(p, "/events.jsonl")
}

func isString(raw json.RawMessage) bool {
	_, ok := fastjson.DecodeString(raw)
	return ok
}

func isNumber(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
		return false
	}
	var f float64
	return json.Unmarshal(raw, &f) == nil
}
