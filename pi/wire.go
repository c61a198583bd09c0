package pi

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/shim"
)

// The native events: the Pi extension events the extension forwards, as
// named in its payloads' "pi_hook".
const (
	EventToolCall     = "tool_call"     // before a tool runs: PreToolUse
	EventToolResult   = "tool_result"   // after it ran: PostToolUse
	EventSessionStart = "session_start" // SessionStart
	EventAgentEnd     = "agent_end"     // the agent finished its turn: Stop
)

// WireVersion is the version of the extension's payload, sent as "wire".
const WireVersion = 1

// Answer is the JSON object a hook writes on stdout for the extension,
// with exit code 0. Every field is optional; {} is no opinion.
type Answer struct {
	// Decision "block" blocks the call (the extension returns Pi's
	// {block: true, reason}, which Pi gives the model as the tool's
	// error); "allow" or absent lets it run. Any other value blocks.
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// Input, on tool_call, replaces the call's arguments: the complete
	// object the tool runs with (Pi validates it no more).
	Input json.RawMessage `json:"input,omitempty"`
	// Context, on tool_result, is appended to the tool's result as one
	// more text part, which the model reads.
	Context string `json:"context,omitempty"`
}

// shimHost is the extension's names for the wire it shares with the other
// hosts whose hook runs under a shim of ours (internal/shim).
var shimHost = shim.Host{Name: "pi", Shim: "extension", Title: "the Pi extension", Before: EventToolCall, After: EventToolResult, InputKey: "input", CwdKey: "cwd", BadInput: "the hook's input is not a JSON object"}
