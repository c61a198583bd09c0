package opencode

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from this module's OpenCode plugin. The plugin names its callback
// in "opencode_hook", a key no other host sends, and its wire version in
// "wire":
//
//   - opencode_hook is one of the plugin's callbacks: 0.9; any other
//     string: 0.5 (a newer plugin); absent or not a string: 0.
//   - wire is the number 1: +0.1.
//   - hook_event_name (every other host but Copilot's camelCase payloads)
//     or toolName (Copilot's): 0, whatever else is there.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	raw, ok := fields["opencode_hook"]
	if !ok {
		return 0 // every other host's payload: no allocation
	}
	cb, ok := fastjson.StringValue(raw)
	if !ok && json.Unmarshal(raw, &cb) != nil || cb == "" {
		return 0
	}
	for _, k := range [...]string{"hook_event_name", "toolName", "hookEventName"} {
		if _, ok := fields[k]; ok {
			return 0
		}
	}
	score := 0.5
	switch cb {
	case CallbackBefore, CallbackAfter, CallbackEvent:
		score = 0.9
	}
	if v, ok := fastjson.Parse(fields["wire"]); ok {
		if n, ok := v.Int(); ok && n == WireVersion {
			score += 0.1
		}
	}
	return min(score, 1)
}
