package pi

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from this module's Pi extension. The extension names its event
// in "pi_hook", a key no other host sends, and its wire version in
// "wire":
//
//   - pi_hook is one of the extension's events: 0.9; any other string:
//     0.5 (a newer extension); absent or not a string: 0.
//   - wire is the number 1: +0.1.
//   - hook_event_name, toolName, hookEventName (the other hosts'
//     events) or opencode_hook (OpenCode's plugin): 0, whatever else is
//     there.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	raw, ok := fields["pi_hook"]
	if !ok {
		return 0 // every other host's payload: no allocation
	}
	ev, ok := fastjson.StringValue(raw)
	if !ok && json.Unmarshal(raw, &ev) != nil || ev == "" {
		return 0
	}
	for _, k := range [...]string{"hook_event_name", "toolName", "hookEventName", "opencode_hook"} {
		if _, ok := fields[k]; ok {
			return 0
		}
	}
	score := 0.5
	switch ev {
	case EventToolCall, EventToolResult, EventSessionStart, EventAgentEnd:
		score = 0.9
	}
	if v, ok := fastjson.Parse(fields["wire"]); ok {
		if n, ok := v.Int(); ok && n == WireVersion {
			score += 0.1
		}
	}
	return min(score, 1)
}
