package gemini

import (
	"encoding/json"
	"fmt"

	"github.com/agenthooks/hooks"
)

// The native answers Gemini CLI takes that hooks.Response has no word for
// ([hooks.Native]); build them with [TailToolCall] and [ClearContext].
const (
	// NativeTailToolCallRequest is hookSpecificOutput.tailToolCallRequest.
	NativeTailToolCallRequest = "tailToolCallRequest"
	// NativeClearContext is hookSpecificOutput.clearContext.
	NativeClearContext = "clearContext"
)

// TailCall is the value of a tailToolCallRequest: the tool Gemini CLI
// runs after this one, whose result replaces this one's.
type TailCall struct {
	// Name is the Gemini tool name ("read_file", "run_shell_command", …).
	Name string `json:"name"`
	// Args are the tool's arguments, a JSON object.
	Args json.RawMessage `json:"args"`
}

// TailToolCall returns the native answer tailToolCallRequest on AfterTool:
// Gemini CLI runs the tool name with args right after the tool that just
// ran (with its own BeforeTool and AfterTool hooks, which carry
// original_request_name), and the model receives its result in place of
// the first tool's, under the first tool's name and id. Measured on
// 0.61.0 (at_tail). args must be a JSON object (nil means {}). With a
// deny the tail call is written too, but Gemini reads the block first
// (coreToolHookTriggers.ts), so the deny's reason is what the model gets.
func TailToolCall(name string, args json.RawMessage) hooks.Native {
	if args == nil {
		args = json.RawMessage(`{}`)
	}
	v, err := json.Marshal(TailCall{Name: name, Args: args})
	if err != nil {
		// An args value that is not JSON: the adapter refuses this.
		v = nil
	}
	return hooks.Native{Host: Host, Name: NativeTailToolCallRequest, Value: v}
}

// ClearContext returns the native answer clearContext: true on AfterAgent:
// with a deny (the agent continues) or a halt, Gemini CLI wipes the
// conversation first, so the model goes on from the reason alone.
// Measured on 0.61.0 (aa_clear_context): the retried request held only the
// session context and the reason. Without a deny or a halt Gemini does
// nothing with it.
func ClearContext() hooks.Native {
	return hooks.Native{Host: Host, Name: NativeClearContext, Value: json.RawMessage(`true`)}
}

// nativeAnswers returns the capability data of the native answers (built
// on call: a package variable would be start-up work of every hook).
func nativeAnswers() []hooks.NativeAnswer {
	return []hooks.NativeAnswer{
		{Name: NativeTailToolCallRequest, Events: []string{EventAfterTool}, Evidence: "measured",
			Notes: "0.61.0 (at_tail): the tail tool ran with its own hooks and its result replaced the first tool's"},
		{Name: NativeClearContext, Events: []string{EventAfterAgent}, Evidence: "measured",
			Notes: "0.61.0 (aa_clear_context): with a deny, the retried request held only the session context and " +
				"the reason; read only with a deny or a halt"},
	}
}

// NativeAnswers implements hooks.NativeTaker: the answers above, with the
// events Gemini CLI takes them on and the evidence.
func (*Adapter) NativeAnswers() []hooks.NativeAnswer { return nativeAnswers() }

// applyNative writes r's native answers into out, checking their values.
func applyNative(r hooks.Response, native string, spec func() *HookSpecificOutput) error {
	for _, n := range r.Native {
		switch {
		case n.Name == NativeTailToolCallRequest && native == EventAfterTool:
			var tc TailCall
			if err := hooks.NativeValue(n, &tc); err != nil {
				return err
			}
			if tc.Name == "" {
				return fmt.Errorf("native answer %s refused: no tool name", n)
			}
			var args map[string]json.RawMessage
			if err := json.Unmarshal(tc.Args, &args); err != nil || args == nil {
				return fmt.Errorf("native answer %s refused: args is not a JSON object", n)
			}
			v, err := json.Marshal(tc)
			if err != nil {
				return fmt.Errorf("native answer %s refused: %w", n, err)
			}
			spec().TailToolCallRequest = v
		case n.Name == NativeClearContext && native == EventAfterAgent:
			var v bool
			if err := hooks.NativeValue(n, &v); err != nil {
				return err
			}
			if !v {
				return fmt.Errorf("native answer %s refused: only true has an effect", n)
			}
			spec().ClearContext = true
		default:
			return fmt.Errorf("native answer %s refused: gemini does not take it on %s", n, native)
		}
	}
	return nil
}
