package codex

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is the name of this adapter's host, as given to --host.
const Host hooks.Host = "codex"

// DefaultTimeout is Codex's default hook timeout (config key "timeout",
// seconds; default 600). Codex clamps SessionEnd and Interrupt hooks to 3 s.
const DefaultTimeout = 600 * time.Second

// Adapter translates Codex's hook dialect. The zero value is ready to use;
// it holds no state and is safe for concurrent use.
type Adapter struct{}

// New returns a Codex adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "codex".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout returns Codex's default hook timeout, 600 s. SessionEnd and
// Interrupt hooks are clamped to 3 s by Codex itself.
func (*Adapter) Timeout() time.Duration { return DefaultTimeout }

// Capabilities returns the capability matrix (see the package
// documentation and each row's Notes). Callers must not modify it.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }

// Native event names of Codex 0.171.
const (
	EventSessionStart      = "SessionStart"
	EventSessionEnd        = "SessionEnd"
	EventUserPromptSubmit  = "UserPromptSubmit"
	EventPreToolUse        = "PreToolUse"
	EventPermissionRequest = "PermissionRequest"
	EventPostToolUse       = "PostToolUse"
	EventStop              = "Stop"
	EventSubagentStart     = "SubagentStart"
	EventSubagentStop      = "SubagentStop"
	EventPreCompact        = "PreCompact"
	EventPostCompact       = "PostCompact"
	EventInterrupt         = "Interrupt"
)

// capabilities claims a field only where Codex 0.171 was seen (or, where
// noted, read in its source) to act on it. systemMessage is valid on every
// event's schema but had no visible effect in `codex exec`, so it is never
// claimed; UserMessage has no Codex counterpart.
var capabilities = [...]hooks.Capability{
	{Native: EventSessionStart, Event: hooks.SessionStart,
		Honours: hooks.FieldContext | hooks.FieldHalt | hooks.FieldReason,
		Notes:   "context: hookSpecificOutput.additionalContext (developer message before the prompt); halt: continue:false (no model request), reason as stopReason"},
	{Native: EventSessionEnd, Event: hooks.SessionEnd,
		Notes: "no output schema: Codex reads nothing back; the hook is clamped to 3 s"},
	{Native: EventUserPromptSubmit, Event: hooks.UserPromptSubmit,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldContext | hooks.FieldHalt,
		Notes:   "deny: decision block + reason (no model request); halt: continue:false + stopReason; context: additionalContext after the prompt"},
	{Native: EventPreToolUse, Event: hooks.PreToolUse,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldUpdatedInput | hooks.FieldContext,
		Notes:   "deny: permissionDecision deny + non-empty reason; updated input: permissionDecision allow + updatedInput; a bare allow, ask, continue:false, stopReason and suppressOutput are rejected by Codex as unsupported (fail-open)"},
	{Native: EventPermissionRequest, Event: hooks.PermissionRequest,
		Honours: hooks.FieldAllow | hooks.FieldDeny | hooks.FieldReason,
		Notes:   "fires only with codex exec --approve-for-me (measured); decision.behavior allow|deny, reason as decision.message (the model sees it); updatedInput, updatedPermissions and interrupt make Codex fail closed, so are never sent"},
	{Native: EventPostToolUse, Event: hooks.PostToolUse,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldContext | hooks.FieldUpdatedOutput,
		Notes: "deny: decision block, the reason replaces the tool output the model sees; continue:false does not stop the turn in codex exec, so halt is not claimed; " +
			"UpdatedOutput is sent as that block, its text the reason, for every tool (source: post_tool_use.rs, feedback replaces the output; " +
			"updatedMCPToolOutput is not used: measured failing on a non-MCP tool, post-updated-output)"},
	{Native: EventStop, Event: hooks.Stop,
		Honours: hooks.FieldDeny | hooks.FieldReason,
		Notes:   "deny: decision block, Codex continues with the reason as a user message (no loop cap in Codex); Stop has no hookSpecificOutput, so no context"},
	{Native: EventSubagentStart, Event: hooks.SubagentStart,
		Honours: hooks.FieldContext,
		Notes:   "schema and source only (not fired in the measured runs): additionalContext"},
	{Native: EventSubagentStop, Event: hooks.SubagentStop,
		Honours: hooks.FieldDeny | hooks.FieldReason,
		Notes:   "schema and source only (not fired in the measured runs): decision block + reason, as Stop"},
	{Native: EventPreCompact, Event: hooks.PreCompact,
		Notes: "universal fields only; continue:false stops per source but was never measured, so nothing is claimed"},
	{Native: EventPostCompact,
		Notes: "universal fields only; nothing measured, nothing claimed"},
	{Native: EventInterrupt,
		Notes: "output schema has systemMessage only (no visible effect measured); clamped to 3 s"},
}

// ClampedTimeout is the limit Codex imposes on SessionEnd and Interrupt
// hooks whatever the configuration says (observed: "clamping SessionEnd
// hook timeout to 3s").
const ClampedTimeout = 3 * time.Second

// EventTimeout returns ClampedTimeout for SessionEnd and Interrupt and 0
// (the default applies) otherwise; it implements hooks.EventTimeouter.
func (*Adapter) EventTimeout(native string) time.Duration {
	if native == EventSessionEnd || native == EventInterrupt {
		return ClampedTimeout
	}
	return 0
}
