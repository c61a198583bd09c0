package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// defaultDenyReason is sent when a deny has no reason: the model (or the
// user) must see something, and it is what Claude itself would say.
const defaultDenyReason = "Blocked by hook"

// Serialize renders r for the native event of ev as Claude Code reads it:
// exit code 0 and one JSON object, or no output at all when r says
// nothing. Fields the capability matrix does not claim for the event are
// left out (hooks.Fit warns about them before). Every output that has a
// hookSpecificOutput names the running event in it, as Claude requires.
// For an event outside the matrix a deny is the universal block: exit code
// 2 with the reason on stderr.
func (a *Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if ev == nil {
		return hooks.Output{}, errors.New("no event")
	}
	native := ev.Common().NativeEvent
	if !inMatrix(native) {
		if len(r.Native) > 0 {
			return hooks.Output{}, fmt.Errorf("native answer %s refused: claude takes none on %s", r.Native[0], native)
		}
		if r.Decision == hooks.DecisionDeny {
			return hooks.Output{ExitCode: 2, Stderr: oneLine(orDefault(r.Reason))}, nil
		}
		return hooks.Output{}, nil
	}
	r = mask(r, hooks.Supports(capabilities[:], native))

	var out HookOutput
	// The specific output lives on this frame: encodeOutput, which
	// would move it to the heap, gets a copy (see below).
	so := specOut{native: native}
	switch native {
	case "PreToolUse", SkillShell:
		// On SkillShell only a deny gets past mask: the native form is
		// the same as PreToolUse's.
		switch r.Decision {
		case hooks.DecisionAllow:
			so.get().PermissionDecision = "allow"
			so.v.PermissionDecisionReason = r.Reason
		case hooks.DecisionDeny:
			so.get().PermissionDecision = "deny"
			so.v.PermissionDecisionReason = orDefault(r.Reason)
		case hooks.DecisionAsk:
			so.get().PermissionDecision = "ask"
			so.v.PermissionDecisionReason = r.Reason
		}
		if r.UpdatedInput != nil && r.Decision != hooks.DecisionDeny {
			in, err := updatedInput(ev, r.UpdatedInput)
			if err != nil {
				return hooks.Output{}, err
			}
			so.get().UpdatedInput = in
		}
	case "PermissionRequest":
		switch {
		case r.Decision == hooks.DecisionDeny:
			so.get().Decision = &PermissionDecision{Behavior: "deny", Message: orDefault(r.Reason)}
		case r.Decision == hooks.DecisionAllow || r.UpdatedInput != nil:
			// An updated input can only be given with allow here.
			d := &PermissionDecision{Behavior: "allow"}
			if r.UpdatedInput != nil {
				in, err := updatedInput(ev, r.UpdatedInput)
				if err != nil {
					return hooks.Output{}, err
				}
				d.UpdatedInput = in
			}
			so.get().Decision = d
		}
	default:
		// UserPromptSubmit, PostToolUse, Stop, SubagentStop: the
		// top-level block. Other events never get a deny past mask.
		if r.Decision == hooks.DecisionDeny {
			out.Decision, out.Reason = "block", orDefault(r.Reason)
		}
		if r.UpdatedOutput != nil {
			if err := updatedOutput(ev, r.UpdatedOutput, so.get()); err != nil {
				return hooks.Output{}, err
			}
		}
	}
	if err := applyNative(r, native, &out, &so); err != nil {
		return hooks.Output{}, err
	}
	if r.Context != "" {
		so.get().AdditionalContext = r.Context
	}
	if r.Halt {
		stop := false
		out.Continue = &stop
		out.StopReason = r.Reason
		if out.StopReason == "" {
			// The user message says why; do not show it twice.
			out.StopReason, r.UserMessage = r.UserMessage, ""
		}
	}
	out.SystemMessage = joinNonEmpty(r.SystemMessage, r.UserMessage)
	spec := so.ptr()
	full := out
	full.HookSpecificOutput = spec
	if full.isZero() {
		return hooks.Output{}, nil
	}
	if b, ok := appendOutput(make([]byte, 0, outputSize(&full)), &full); ok {
		return hooks.Output{Stdout: b}, nil
	}
	if spec != nil {
		c := *spec
		out.HookSpecificOutput = &c
	}
	return encodeOutput(out)
}

// specOut is a HookSpecificOutput made on its first use.
type specOut struct {
	v      HookSpecificOutput
	set    bool
	native string
}

// get returns the output, with its event's name, making it if needed.
func (s *specOut) get() *HookSpecificOutput {
	if !s.set {
		s.set, s.v.HookEventName = true, s.native
	}
	return &s.v
}

// ptr returns the output, or nil if it was never made.
func (s *specOut) ptr() *HookSpecificOutput {
	if !s.set {
		return nil
	}
	return &s.v
}

// encodeOutput is Serialize's encoding when appendOutput cannot write
// out. It takes out by value, so that Serialize's own stays on the stack.
func encodeOutput(out HookOutput) (hooks.Output, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&out); err != nil {
		return hooks.Output{}, fmt.Errorf("encode output: %w", err)
	}
	return hooks.Output{Stdout: buf.Bytes()}, nil
}

// inMatrix reports whether native has a row in the capability matrix.
func inMatrix(native string) bool {
	for i := range capabilities {
		if capabilities[i].Native == native {
			return true
		}
	}
	return false
}

// mask clears the fields of r that honours does not contain, so that an
// unfitted response can never write what Claude would misread.
func mask(r hooks.Response, honours hooks.Field) hooks.Response {
	switch r.Decision {
	case hooks.DecisionAllow:
		if !honours.Has(hooks.FieldAllow) {
			r.Decision = hooks.NoDecision
		}
	case hooks.DecisionDeny:
		if !honours.Has(hooks.FieldDeny) {
			r.Decision = hooks.NoDecision
		}
	case hooks.DecisionAsk:
		if !honours.Has(hooks.FieldAsk) {
			r.Decision = hooks.NoDecision
		}
	}
	if !honours.Has(hooks.FieldReason) {
		r.Reason = ""
	}
	if !honours.Has(hooks.FieldUserMessage) {
		r.UserMessage = ""
	}
	if !honours.Has(hooks.FieldUpdatedInput) {
		r.UpdatedInput = nil
	}
	if !honours.Has(hooks.FieldContext) {
		r.Context = ""
	}
	if !honours.Has(hooks.FieldSystemMessage) {
		r.SystemMessage = ""
	}
	if !honours.Has(hooks.FieldHalt) {
		r.Halt = false
	}
	if !honours.Has(hooks.FieldUpdatedOutput) {
		r.UpdatedOutput = nil
	}
	return r
}

func updatedInput(ev hooks.Event, in hooks.ToolInput) (json.RawMessage, error) {
	t := hooks.ToolOf(ev)
	if t == nil {
		return nil, fmt.Errorf("updated input on %s, which has no tool", ev.Common().NativeEvent)
	}
	b, err := nativeInput(t, in)
	if err != nil {
		return nil, err
	}
	return b, nil
}

func orDefault(reason string) string {
	if strings.TrimSpace(reason) == "" {
		return defaultDenyReason
	}
	return reason
}

func joinNonEmpty(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}

// oneLine folds s onto one line (stderr carries one line).
func oneLine(s string) string {
	// Two IndexByte, not ContainsAny, which reads s a byte at a time.
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}
