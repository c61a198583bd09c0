package cursor

import (
	"encoding/json"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Host is Cursor's host name, as given to --host.
const Host hooks.Host = "cursor"

// DefaultTimeout is the hook time limit the adapter assumes when hooks.json
// gives none. Cursor documents the per-hook "timeout" (in seconds) but not
// its default ("platform default"). 30 seconds is the value of Cursor's own
// documentation examples and the lower of the two defaults peers assume (30
// and 60): assuming the lower one keeps the handler's deadline (90% of it)
// below Cursor's real limit in either case. Installers should write an
// explicit "timeout" and pass it as --timeout.
const DefaultTimeout = 30 * time.Second

// Adapter translates Cursor's hook dialect (IDE and cursor-agent CLI). It
// has no options and no state; the zero value is ready to use.
type Adapter struct{}

// New returns a Cursor adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "cursor".
func (a *Adapter) Host() hooks.Host { return Host }

// Timeout returns DefaultTimeout.
func (a *Adapter) Timeout() time.Duration { return DefaultTimeout }

// Detect scores a payload's top-level fields. Its signals, strongest
// first:
//
//   - cursor_version (a string): every real Cursor payload has it, IDE and
//     CLI, and no other host sends it: 1.
//   - conversation_id and generation_id together: Cursor's common fields,
//     unknown to Claude, Gemini and Codex (they send session_id): 0.6.
//   - hook_event_name equal to one of Cursor's camelCase event names
//     ("preToolUse", "stop", …); the other hosts use PascalCase ("PreToolUse",
//     "Stop", "BeforeTool"), compared exactly: 0.5.
//   - workspace_roots: Cursor's, no other host's: 0.3.
//
// The sum is capped at 1. A payload with none of these (any Claude, Gemini
// or Codex payload) scores 0. Fields such as tool_use_id, transcript_path
// or model are shared with other hosts and count for nothing.
func (a *Adapter) Detect(fields map[string]json.RawMessage) float64 {
	if v, ok := fields["cursor_version"]; ok && len(v) > 0 && v[0] == '"' {
		return 1
	}
	score := 0.0
	if _, ok := fields["conversation_id"]; ok {
		if _, ok := fields["generation_id"]; ok {
			score += 0.6
		}
	}
	if v, ok := fields["hook_event_name"]; ok && len(v) > 2 && v[0] == '"' {
		if name, ok := stringOf(v); ok && isKnown(name) {
			score += 0.5
		}
	}
	if _, ok := fields["workspace_roots"]; ok {
		score += 0.3
	}
	if score > 1 {
		score = 1
	}
	return score
}

// stringOf decodes raw, a JSON string, as json.Unmarshal would. The
// encoding/json fallback is a function of its own so that its variable,
// which escapes, is allocated only when the fast path cannot read raw.
func stringOf(raw json.RawMessage) (string, bool) {
	if s, ok := fastjson.StringValue(raw); ok {
		return s, true
	}
	var s string
	return s, json.Unmarshal(raw, &s) == nil
}
