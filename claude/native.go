package claude

import (
	"encoding/json"
	"fmt"

	"github.com/agenthooks/hooks"
)

// The native answers Claude Code takes that hooks.Response has no word
// for ([hooks.Native]); build them with [Defer], [SuppressOutput] and
// [ClassifierContext].
const (
	// NativePermissionDecision is hookSpecificOutput.permissionDecision
	// with a value the unified decisions do not have: "defer".
	NativePermissionDecision = "permissionDecision"
	// NativeSuppressOutput is the top-level suppressOutput.
	NativeSuppressOutput = "suppressOutput"
	// NativeClassifierContext is hookSpecificOutput.classifierContext on
	// PostToolUse.
	NativeClassifierContext = "classifierContext"
)

// MaxClassifierContext is the most UTF-16 code units of classifier
// context Claude Code keeps for one tool call, a budget shared by every
// hook that answers it.
const MaxClassifierContext = 2000

// ClassifierContext returns the native answer "classifierContext" on
// PostToolUse: text the auto-mode permission classifier reads beside the
// tool call's result, as context the host asserts. Read in the shipped
// code of Claude Code 2.1.332, not measured live (auto mode's classifier
// is a model call of its own): the schema's hookSpecificOutput for
// PostToolUse has it as a string; Claude cuts it to
// [MaxClassifierContext] UTF-16 code units, a budget shared by all hooks
// of the call; it is read from synchronous hooks only, and not for most
// MCP tools nor for the calls the classifier's transcript omits (file
// reads, searches). Its schema says the classifier may weigh a user
// statement relayed here as the user's intent: never put tool output or
// the model's own text in it. Claude Code 2.1.197 has no such field and
// ignores it as an unknown key (measured: unknown keys of
// hookSpecificOutput are logged and dropped, the rest of the answer
// holds). A text longer than [MaxClassifierContext] UTF-16 code units,
// or empty, is refused when the answer is written (see [hooks.Native]).
func ClassifierContext(text string) hooks.Native {
	v, _ := json.Marshal(text) // a string always marshals
	return hooks.Native{Host: Host, Name: NativeClassifierContext, Value: v}
}

// Defer returns the native answer "permissionDecision": "defer" on
// PreToolUse: Claude Code defers the tool call to the program that runs it
// headless (an SDK host decides later). Measured on 2.1.197 and 2.1.332
// in -p mode: the run ends at once with stop_reason and terminal_reason
// "tool_deferred", the tool does not run and no Stop hook fires. It takes
// the place of a decision: the response must have none (no allow, deny or
// ask), or the answer is refused (beside a deny, it is dropped with a
// warning and the deny is sent: see [hooks.Serialize]).
func Defer() hooks.Native {
	return hooks.Native{Host: Host, Name: NativePermissionDecision, Value: json.RawMessage(`"defer"`)}
}

// SuppressOutput returns the native answer "suppressOutput": true, which
// hides the hook's output from the transcript view. Measured on 2.1.197
// and 2.1.332: accepted on PreToolUse (no validation error), with no
// visible difference headless (-p), where the transcript view is not
// shown; its effect in the interactive view is documented, not measured.
func SuppressOutput() hooks.Native {
	return hooks.Native{Host: Host, Name: NativeSuppressOutput, Value: json.RawMessage(`true`)}
}

// nativeAnswers returns the capability data of the native answers (built
// on call: a package variable would be start-up work of every hook).
func nativeAnswers() []hooks.NativeAnswer {
	return []hooks.NativeAnswer{
		{Name: NativePermissionDecision, Events: []string{"PreToolUse"}, Evidence: "measured",
			Notes: `"defer" only (allow, deny and ask are Response.Decision): 2.1.197 and 2.1.332 -p end the run ` +
				`with terminal_reason "tool_deferred", the tool not run (r_pre_defer; e2e row native-defer)`},
		{Name: NativeClassifierContext, Events: []string{"PostToolUse"}, Evidence: "documented",
			Notes: "a string of at most 2000 UTF-16 code units for the auto-mode permission classifier: read in the " +
				"shipped code of 2.1.332 (PostToolUse's hookSpecificOutput schema; cut to 2000 units shared by all hooks; " +
				"synchronous hooks only; not for most MCP tools, nor for file reads and searches the classifier's " +
				"transcript omits), not measured live; 2.1.197 drops it as an unknown key and keeps the rest"},
		{Name: NativeSuppressOutput, Events: matrixEvents(), Evidence: "measured",
			Notes: "true only: accepted by 2.1.197 and 2.1.332 (r_pre_suppress; e2e row native-defer); no visible " +
				"difference headless, where the transcript view is not shown"},
	}
}

// matrixEvents lists the events of the capability matrix: suppressOutput
// is a top-level field, read on every event.
func matrixEvents() []string {
	evs := make([]string, len(capabilities))
	for i := range capabilities {
		evs[i] = capabilities[i].Native
	}
	return evs
}

// NativeAnswers implements hooks.NativeTaker: the answers above, with the
// events Claude Code takes them on and the evidence.
func (*Adapter) NativeAnswers() []hooks.NativeAnswer { return nativeAnswers() }

// applyNative writes r's native answers (hooks.Serialize has checked that
// each is listed for the event) into out, checking their values.
func applyNative(r hooks.Response, native string, out *HookOutput, so *specOut) error {
	for _, n := range r.Native {
		switch n.Name {
		case NativePermissionDecision:
			var v string
			if err := hooks.NativeValue(n, &v); err != nil {
				return err
			}
			if v != "defer" {
				return fmt.Errorf("native answer %s refused: %q is not \"defer\" (allow, deny and ask are the response's Decision)", n, v)
			}
			if r.Decision != hooks.NoDecision || r.UpdatedInput != nil {
				return fmt.Errorf("native answer %s refused: defer takes the place of a decision, and the response also has %s", n, r.Fields())
			}
			so.get().PermissionDecision = v
		case NativeSuppressOutput:
			var v bool
			if err := hooks.NativeValue(n, &v); err != nil {
				return err
			}
			if !v {
				return fmt.Errorf("native answer %s refused: only true has an effect", n)
			}
			out.SuppressOutput = true
		case NativeClassifierContext:
			var v string
			if err := hooks.NativeValue(n, &v); err != nil {
				return err
			}
			if v == "" {
				return fmt.Errorf("native answer %s refused: empty", n)
			}
			if u := utf16Len(v); u > MaxClassifierContext {
				return fmt.Errorf("native answer %s refused: %d UTF-16 code units, past Claude Code's %d (it would cut the rest)", n, u, MaxClassifierContext)
			}
			so.get().ClassifierContext = v
		default:
			return fmt.Errorf("native answer %s refused: claude does not take it on %s", n, native)
		}
	}
	return nil
}

// utf16Len is the length of s in UTF-16 code units, as JavaScript counts
// a string's length.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
