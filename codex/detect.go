package codex

import (
	"encoding/json"
	"strings"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from Codex. Signals, from the payloads of Codex 0.171 and of the
// other hosts:
//
//   - hook_event_name must be a string; otherwise 0.
//   - Keys only other hosts send veto Codex (score 0): prompt_id (Claude
//     Code, on nearly every event), conversation_id, generation_id,
//     cursor_version, workspace_roots (Cursor), timestamp (Gemini CLI).
//   - turn_id (+0.4): a Codex extension on every turn-scoped event. (Claude
//     has it only on events that also carry prompt_id.)
//   - transcript_path naming a rollout file, …/rollout-*.jsonl (+0.4), or
//     null (+0.1; Codex allows it, the others send a string).
//   - session_id a UUIDv7 (+0.3): Codex thread ids are v7, Claude's and
//     Gemini's v4.
//   - model together with permission_mode (+0.2): Claude sends
//     permission_mode without model, Cursor model without permission_mode.
//   - hook_event_name one of Codex's events (+0.1).
//
// So SessionStart (no turn_id) still scores 1 and SessionEnd (only
// session_id, transcript_path, cwd, hook_event_name, reason) 0.8.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	name, ok := stringField(fields, "hook_event_name")
	if !ok || name == "" {
		return 0
	}
	for _, k := range [...]string{"prompt_id", "conversation_id", "generation_id", "cursor_version", "workspace_roots", "timestamp"} {
		if _, ok := fields[k]; ok {
			return 0
		}
	}
	score := 0.0
	if isEvent(name) {
		score += 0.1
	}
	if _, ok := fields["turn_id"]; ok {
		score += 0.4
	}
	if raw, ok := fields["transcript_path"]; ok {
		if string(raw) == "null" {
			score += 0.1
		} else if tp, ok := stringField(fields, "transcript_path"); ok && isRollout(tp) {
			score += 0.4
		}
	}
	if id, ok := stringField(fields, "session_id"); ok && isUUIDv7(id) {
		score += 0.3
	}
	_, model := fields["model"]
	_, mode := fields["permission_mode"]
	if model && mode {
		score += 0.2
	}
	return min(score, 1)
}

func stringField(fields map[string]json.RawMessage, key string) (string, bool) {
	raw, ok := fields[key]
	if !ok || len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	if s, ok := fastjson.StringValue(raw); ok {
		return s, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

func isEvent(name string) bool {
	switch name {
	case EventSessionStart, EventSessionEnd, EventUserPromptSubmit, EventPreToolUse, EventPermissionRequest,
		EventPostToolUse, EventStop, EventSubagentStart, EventSubagentStop, EventPreCompact, EventPostCompact, EventInterrupt:
		return true
	}
	return false
}

// isRollout reports whether p names a Codex rollout file
// (…/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl).
func isRollout(p string) bool {
	base := p[strings.LastIndexAny(p, `/\`)+1:]
	return strings.HasPrefix(base, "rollout-") && strings.HasSuffix(base, ".jsonl")
}

// isUUIDv7 reports whether s is a UUID of version 7, RFC 9562 variant.
func isUUIDv7(s string) bool {
	if len(s) != 36 || s[14] != '7' || strings.IndexByte("89abAB", s[19]) < 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}
