package auggie

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from Auggie. Signals, from the payloads of Auggie 0.36.0 and of
// the other hosts:
//
//   - hook_event_name must be a PascalCase string; otherwise 0.
//   - keys Auggie never sends but others do (session_id, cwd,
//     transcript_path: the Claude-like hosts; cursor_version,
//     generation_id: Cursor, which also sends conversation_id and
//     workspace_roots, with camelCase event names) score 0.
//   - conversation_id and workspace_roots together (every event): +0.6.
//   - one of Auggie's event names: +0.2.
//   - fields only Auggie sends: is_mcp_tool (tool events),
//     agent_stop_cause (Stop), or the event PromptSubmit: +0.2.
//
// So an Auggie payload scores at least 0.8, and one of another host 0.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	_, conv := fields["conversation_id"]
	roots, hasRoots := fields["workspace_roots"]
	if !conv && !hasRoots {
		return 0 // every other host's payload but Cursor's: no allocation
	}
	for _, k := range [...]string{"session_id", "cwd", "transcript_path", "cursor_version", "generation_id"} {
		if _, ok := fields[k]; ok {
			return 0
		}
	}
	name, ok := fastjson.DecodeString(fields["hook_event_name"])
	if !ok || name == "" || name[0] < 'A' || name[0] > 'Z' {
		return 0
	}
	score := 0.0
	if conv && len(roots) > 0 && roots[0] == '[' {
		score += 0.6
	}
	if known(name) {
		score += 0.2
	}
	_, mcp := fields["is_mcp_tool"]
	_, cause := fields["agent_stop_cause"]
	if mcp || cause || name == EventPromptSubmit {
		score += 0.2
	}
	return min(score, 1)
}

// known reports whether name is one of Auggie's events.
func known(name string) bool {
	switch name {
	case EventPreToolUse, EventPostToolUse, EventStop, EventSessionStart, EventSessionEnd, EventNotification, EventPromptSubmit:
		return true
	}
	return false
}
