package cursor

import (
	"testing"

	"github.com/agenthooks/hooks"
)

func TestCapabilityClaims(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range New().Capabilities() {
		if seen[c.Native] {
			t.Errorf("%s listed twice", c.Native)
		}
		seen[c.Native] = true
		// ask is unreliable on every Cursor event, and allow is the same
		// answer as no opinion: neither is claimed.
		if c.Honours.Has(hooks.FieldAsk) || c.Honours.Has(hooks.FieldAllow) {
			t.Errorf("%s claims %s", c.Native, c.Honours)
		}
		if c.Honours.Has(hooks.FieldUpdatedInput) != (c.Native == EventPreToolUse) {
			t.Errorf("%s: updated_input claimed %v", c.Native, c.Honours.Has(hooks.FieldUpdatedInput))
		}
		if c.Honours.Has(hooks.FieldSystemMessage) {
			t.Errorf("%s claims system_message", c.Native)
		}
		if c.Notes == "" {
			t.Errorf("%s has no notes", c.Native)
		}
	}
	// Observe-only events claim nothing.
	for _, native := range []string{EventSessionEnd, EventPostToolUseFailure, EventAfterShellExecution, EventAfterMCPExecution,
		EventAfterFileEdit, EventAfterAgentResponse, EventAfterAgentThought, EventAfterTabFileEdit, EventWorkspaceOpen} {
		if h := hooks.Supports(New().Capabilities(), native); h != 0 {
			t.Errorf("%s claims %s", native, h)
		}
	}
	for _, native := range []string{EventSessionStart, EventSessionEnd, EventBeforeSubmitPrompt, EventPreToolUse, EventPostToolUse,
		EventPostToolUseFailure, EventBeforeShellExecution, EventAfterShellExecution, EventBeforeMCPExecution, EventAfterMCPExecution,
		EventBeforeReadFile, EventAfterFileEdit, EventStop, EventSubagentStart, EventSubagentStop, EventPreCompact,
		EventAfterAgentResponse, EventAfterAgentThought, EventBeforeTabFileRead, EventAfterTabFileEdit, EventWorkspaceOpen} {
		if !seen[native] {
			t.Errorf("%s missing from the matrix", native)
		}
	}
}
