package auggie

import (
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
)

// Serialize renders r as the one JSON line Auggie reads on stdout, with
// exit code 0, or no output for no opinion:
//
//   - PreToolUse: hookSpecificOutput.permissionDecision "deny" with
//     permissionDecisionReason (a deny always has one: it is what the
//     model reads), or updatedInput as the complete input. An allow
//     writes nothing: Auggie reads no allow.
//   - PostToolUse: hookSpecificOutput.additionalContext.
//
// Every member written has the type Auggie's schema wants (a wrong one
// makes it discard the whole answer and run the call). For an event
// outside the matrix a deny is exit code 2 with the reason on stderr,
// which blocks on PreToolUse and is shown elsewhere.
func (*Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if ev == nil {
		return hooks.Output{}, errors.New("auggie: no event")
	}
	native := ev.Common().NativeEvent
	if !claudewire.InMatrix(capabilities[:], native) {
		return claudewire.Outside(r), nil
	}
	honours := hooks.Supports(capabilities[:], native)
	var spec *HookSpecificOutput
	switch native {
	case EventPreToolUse:
		switch {
		case r.Decision == hooks.DecisionDeny && honours.Has(hooks.FieldDeny):
			spec = &HookSpecificOutput{HookEventName: native, PermissionDecision: "deny",
				PermissionDecisionReason: claudewire.OrDefault(r.Reason, claudewire.DefaultDeny)}
		case r.UpdatedInput != nil && honours.Has(hooks.FieldUpdatedInput):
			t := hooks.ToolOf(ev)
			if t == nil {
				return hooks.Output{}, errors.New("auggie: an updated input on an event without a tool")
			}
			in, err := nativeInput(t, r.UpdatedInput)
			if err != nil {
				return hooks.Output{}, fmt.Errorf("auggie: %w", err)
			}
			spec = &HookSpecificOutput{HookEventName: native, UpdatedInput: in}
		}
	case EventPostToolUse:
		if r.Context != "" && honours.Has(hooks.FieldContext) {
			spec = &HookSpecificOutput{HookEventName: native, AdditionalContext: r.Context}
		}
	}
	if spec == nil {
		return hooks.Output{}, nil
	}
	return claudewire.Encode(Host, &HookOutput{HookSpecificOutput: spec})
}
