package kimi

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from Kimi Code. Kimi 2.1.0 puts client_type "kimi_code_cli" in
// every payload, and no other host sends a client_type at all: with a
// PascalCase hook_event_name the score is 1, and 0 for anything else.
// Kimi's payloads otherwise look like Claude Code's without a transcript,
// which is how they once passed for Copilot CLI's PascalCase form.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	ct, ok := fastjson.StringValue(fields["client_type"])
	if !ok || ct != ClientType {
		return 0
	}
	name, ok := fastjson.StringValue(fields["hook_event_name"])
	if !ok || name == "" || name[0] < 'A' || name[0] > 'Z' {
		return 0
	}
	return 1
}
