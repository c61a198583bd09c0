package gemini

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/agenthooks/hooks"
)

// The texts written when a response gives none: Gemini would otherwise
// say "No reason provided".
const (
	defaultDeny     = "Blocked by a hook."
	defaultContinue = "A stop hook asks you to continue: do not stop yet."
	defaultHalt     = "Stopped by a hook."
)

// Serialize renders r as the one JSON document Gemini CLI reads on stdout,
// with exit code 0 (Gemini takes valid JSON over any exit code):
//
//   - Deny: {"decision":"deny","reason":R}. An Ask, which Fit has already
//     turned into a deny, is written as a deny too: "ask" never completes
//     headless.
//   - UpdatedInput (BeforeTool): {"decision":"allow","hookSpecificOutput":
//     {"hookEventName":"BeforeTool","tool_input":I}} where I is the
//     complete native input (the original with the typed fields changed),
//     because Gemini replaces the arguments rather than merging them.
//   - Context: hookSpecificOutput.additionalContext.
//   - Halt: "continue":false and "stopReason" (Reason, else UserMessage).
//   - UserMessage and SystemMessage: "systemMessage", joined by a newline.
//   - ModelRequest, ModelResponse, ToolChoice: see modelAnswer.
//
// A Reason without a deny or a halt is not written: Gemini reads it only
// with one of them. An Allow alone writes nothing: Gemini's allow changes
// nothing. For an event Gemini does not send (ev's NativeEvent unknown), a
// deny is exit code 2 with the reason on stderr and anything else is no
// output.
func (*Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if ev == nil {
		return hooks.Output{}, errors.New("gemini: nil event")
	}
	native := ev.Common().NativeEvent
	// AfterTool's deny is what replaces the result the model reads.
	r = hooks.OutputAsBlock(r)
	deny := r.Decision == hooks.DecisionDeny || r.Decision == hooks.DecisionAsk
	if !known(native) {
		if len(r.Native) > 0 {
			return hooks.Output{}, errors.New("gemini: native answer " + r.Native[0].String() + " refused: an event Gemini does not send")
		}
		if deny {
			return hooks.Output{Stderr: oneLine(denyReason(native, r)), ExitCode: 2}, nil
		}
		return hooks.Output{}, nil
	}

	var out Output
	spec := func() *HookSpecificOutput {
		if out.HookSpecificOutput == nil {
			out.HookSpecificOutput = &HookSpecificOutput{HookEventName: native}
		}
		return out.HookSpecificOutput
	}
	switch {
	case deny:
		out.Decision, out.Reason = "deny", denyReason(native, r)
	case r.UpdatedInput != nil:
		if native != EventBeforeTool {
			return hooks.Output{}, errors.New("gemini: an updated input is honoured on BeforeTool only, not on " + native)
		}
		in, err := nativeInput(hooks.ToolOf(ev), r.UpdatedInput)
		if err != nil {
			return hooks.Output{}, err
		}
		out.Decision = "allow"
		spec().ToolInput = in
	}
	if err := modelAnswer(ev, r, &out, spec); err != nil {
		return hooks.Output{}, err
	}
	if r.Halt {
		f := false
		out.Continue = &f
		out.StopReason = firstOf(r.Reason, r.UserMessage, defaultHalt)
	}
	switch {
	case r.UserMessage != "" && r.SystemMessage != "":
		out.SystemMessage = r.UserMessage + "\n" + r.SystemMessage
	default:
		out.SystemMessage = r.UserMessage + r.SystemMessage
	}
	if r.Context != "" {
		spec().AdditionalContext = r.Context
	}
	if err := applyNative(r, native, spec); err != nil {
		return hooks.Output{}, err
	}
	if out == (Output{}) {
		// "{}" rather than nothing: with an empty stdout Gemini parses the
		// hook's stderr as its answer, where warnings and anything a
		// handler printed by mistake end up.
		return hooks.Output{Stdout: []byte("{}\n")}, nil
	}
	if b, ok := appendOutput(make([]byte, 0, outputSize), &out); ok {
		return hooks.Output{Stdout: append(b, '\n')}, nil
	}
	b, err := marshal(out)
	if err != nil {
		return hooks.Output{}, err
	}
	return hooks.Output{Stdout: append(b, '\n')}, nil
}

func denyReason(native string, r hooks.Response) string {
	if native == EventAfterAgent {
		return firstOf(r.Reason, defaultContinue)
	}
	return firstOf(r.Reason, defaultDeny)
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// marshal is json.Marshal without HTML escaping: one compact line.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// oneLine folds s onto one line.
func oneLine(s string) string {
	// Two IndexByte, not ContainsAny, which reads s a byte at a time.
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}
