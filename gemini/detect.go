package gemini

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how likely a payload with these top-level fields comes
// from Gemini CLI. The signals:
//
//   - hook_event_name: a Gemini-only name (BeforeTool, AfterTool,
//     BeforeAgent, AfterAgent, BeforeModel, AfterModel,
//     BeforeToolSelection, PreCompress) gives 0.6; any other name
//     (SessionStart, SessionEnd and Notification, which Claude Code and
//     Codex send too, or a name from a newer Gemini) gives nothing; no
//     name scores 0.
//   - timestamp, an ISO-8601 string: +0.3. Gemini sends it on every event;
//     Claude Code, Codex and Cursor send no top-level timestamp.
//   - transcript_path under .gemini/tmp/: +0.3.
//   - each key Gemini never sends but another host does (permission_mode,
//     model, tool_use_id, prompt_id, turn_id, conversation_id,
//     generation_id, cursor_version, workspace_roots): -0.4.
//
// So a shared or unknown event name needs both the timestamp and the
// Gemini transcript path to reach 0.5.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	name, ok := jsonString(fields["hook_event_name"])
	if !ok || name == "" {
		return 0
	}
	var s float64
	switch name {
	case EventBeforeTool, EventAfterTool, EventBeforeAgent, EventAfterAgent,
		EventBeforeModel, EventAfterModel, EventBeforeToolSelection, EventPreCompress:
		s = 0.6
	}
	if str, ok := jsonString(fields["timestamp"]); ok {
		if _, err := time.Parse(time.RFC3339Nano, str); err == nil {
			s += 0.3
		}
	}
	if str, ok := jsonString(fields["transcript_path"]); ok &&
		(strings.Contains(str, "/.gemini/tmp/") || strings.Contains(str, `\.gemini\tmp\`)) {
		s += 0.3
	}
	for _, k := range [...]string{"permission_mode", "model", "tool_use_id", "prompt_id", "turn_id",
		"conversation_id", "generation_id", "cursor_version", "workspace_roots"} {
		if _, ok := fields[k]; ok {
			s -= 0.4
		}
	}
	return min(max(s, 0), 1)
}

// jsonString decodes raw as json.Unmarshal into a string does (null and
// absent read as ""); ok is false when that would fail.
func jsonString(raw json.RawMessage) (string, bool) {
	if t := bytes.TrimLeft(raw, " \t\r\n"); len(t) == 0 || (t[0] != '"' && t[0] != 'n') {
		return "", false // neither a string nor null: no need to ask encoding/json
	}
	if s, ok := fastjson.StringValue(raw); ok {
		return s, true
	}
	var s string
	return s, json.Unmarshal(raw, &s) == nil
}
