package opencode

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/shim"
)

// The plugin's callbacks, as named in its payloads' "opencode_hook".
const (
	CallbackBefore = "tool.execute.before"
	CallbackAfter  = "tool.execute.after"
	CallbackEvent  = "event"
)

// The native events: a tool callback's name, or the type of a session
// event the plugin forwards from its event callback.
const (
	EventToolBefore     = CallbackBefore    // before a tool runs: PreToolUse
	EventToolAfter      = CallbackAfter     // after it ran: PostToolUse
	EventSessionCreated = "session.created" // SessionStart
	EventSessionIdle    = "session.idle"    // the agent finished its turn: Stop
)

// WireVersion is the version of the plugin's payload, sent as "wire".
const WireVersion = 1

// Answer is the JSON object a hook writes on stdout for the plugin, with
// exit code 0. Every field is optional; {} is no opinion.
type Answer struct {
	// Decision "block" blocks the call (the plugin throws Reason, which
	// OpenCode gives the model as the tool's result); "allow" or absent
	// lets it run. Any other value blocks.
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// Args, on tool.execute.before, replaces the call's arguments: the
	// complete object the tool runs with.
	Args json.RawMessage `json:"args,omitempty"`
	// Context, on tool.execute.after, is appended to the tool's output
	// (after a blank line), which the model reads.
	Context string `json:"context,omitempty"`
}

// shimHost is the plugin's names for the wire it shares with the other
// hosts whose hook runs under a shim of ours (internal/shim).
var shimHost = shim.Host{Name: "opencode", Shim: "plugin", Title: "the OpenCode plugin", Before: EventToolBefore, After: EventToolAfter, InputKey: "args", CwdKey: "directory", BadInput: "the hook's args are not a JSON object"}
