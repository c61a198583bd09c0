package cline

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from Cline. Signals, from the payloads of Cline 3.0.65 and of the
// other hosts:
//
//   - hookName must be one of Cline's (agent_start, tool_call, …);
//     otherwise 0. (Copilot CLI's permissionRequest payload has a
//     hookName too, camelCase.)
//   - hook_event_name, which every Claude-like host sends, scores 0.
//   - taskId (every event): +0.3; workspaceRoots: +0.2; clineVersion:
//     +0.2; agent_id or sessionContext: +0.1 each; the event's own object
//     (tool_call, tool_result, taskStart, …): +0.1.
//
// So a Cline payload scores at least 0.8, and one with only a Cline
// hookName 0.1 at most.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	hook, ok := fastjson.StringValue(fields["hookName"])
	if !ok {
		return 0
	}
	if _, known := eventOf(hook); !known {
		return 0
	}
	if _, claude := fields["hook_event_name"]; claude {
		return 0
	}
	score := 0.0
	for _, s := range [...]struct {
		key string
		w   float64
	}{{"taskId", 0.3}, {"workspaceRoots", 0.2}, {"clineVersion", 0.2}, {"agent_id", 0.1}, {"sessionContext", 0.1}} {
		if _, ok := fields[s.key]; ok {
			score += s.w
		}
	}
	for _, k := range [...]string{hook, "taskStart", "taskResume", "taskCancel", "taskComplete", "userPromptSubmit"} {
		if _, ok := fields[k]; ok {
			score += 0.1
			break
		}
	}
	return min(score, 1)
}
