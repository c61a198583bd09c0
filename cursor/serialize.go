package cursor

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/agenthooks/hooks"
)

// Messages used when a block carries no text of its own, so that neither
// the user nor the model is left with Cursor's "provided no reason".
const (
	defaultBlock    = "Blocked by a hook policy."
	defaultHalt     = "Halted by a hook policy."
	defaultFollowup = "A stop hook asked you to continue."
)

// Serialize renders r for ev's native event. It always exits 0: Cursor
// does not read stdout when a hook exits 2, so every answer it can take is
// JSON. Gate events always get an object, even for no opinion
// ({"permission":"allow"}), because a hook configured with failClosed that
// prints nothing blocks the action. Events that are not in the capability
// matrix get the universal block (exit 2, reason on stderr) for a deny and
// nothing otherwise.
func (a *Adapter) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	native := ev.Common().NativeEvent
	block := r.Decision == hooks.DecisionDeny || r.Halt
	var o Output
	switch native {
	case EventPreToolUse, EventBeforeShellExecution, EventBeforeMCPExecution:
		o.Permission = "allow"
		if block {
			o.Permission = "deny"
			o.UserMessage, o.AgentMessage = blockMessages(r)
			break
		}
		if r.Decision == hooks.DecisionAsk {
			// hooks.Fit lets an ask through only to a build that prompts
			// (TakesAsk); to any other, an unfitted ask is a deny, never
			// the allow Cursor would otherwise be sent.
			o.Permission = "deny"
			if native != EventPreToolUse && a.TakesAsk(ev) {
				o.Permission = "ask"
			}
			o.UserMessage, o.AgentMessage = blockMessages(r)
			break
		}
		o.UserMessage, o.AgentMessage = r.UserMessage, r.Reason
		if r.UpdatedInput != nil && native == EventPreToolUse {
			t := hooks.ToolOf(ev)
			if t == nil {
				return hooks.Output{}, errors.New("cursor: updated input on an event without a tool")
			}
			in, err := nativeInput(t, r.UpdatedInput)
			if err != nil {
				return hooks.Output{}, err
			}
			o.UpdatedInput = in
		}
	case EventBeforeReadFile, EventSubagentStart:
		// Only permission and user_message are read here; the model gets
		// user_message, so the reason goes there.
		o.Permission = "allow"
		o.UserMessage = r.UserMessage
		if block {
			o.Permission = "deny"
			o.UserMessage, _ = blockMessages(r)
		}
	case EventBeforeTabFileRead:
		o.Permission = "allow"
		if block {
			o.Permission = "deny"
		}
	case EventBeforeSubmitPrompt:
		cont := !block
		o.Continue = &cont
		o.UserMessage = r.UserMessage
		if block {
			o.UserMessage, _ = blockMessages(r)
		}
	case EventSessionStart, EventPostToolUse:
		o.AdditionalContext = r.Context
		if r.UpdatedOutput != nil && native == EventPostToolUse {
			b, err := mcpOutput(ev, r.UpdatedOutput)
			if err != nil {
				return hooks.Output{}, err
			}
			o.UpdatedMCPToolOutput = b
		}
	case EventStop, EventSubagentStop:
		if r.Decision == hooks.DecisionDeny {
			o.FollowupMessage = r.Reason
			if o.FollowupMessage == "" {
				o.FollowupMessage = defaultFollowup
			}
		}
	case EventPreCompact:
		o.UserMessage = r.UserMessage
	default:
		if len(r.Native) > 0 {
			return hooks.Output{}, errors.New("cursor: native answer " + r.Native[0].String() + " refused: cursor takes none on " + native)
		}
		if hooks.Supports(capabilities[:], native) == 0 && isKnown(native) {
			// An observe-only event: nothing Cursor would read.
			return hooks.Output{}, nil
		}
		if r.Decision == hooks.DecisionDeny {
			msg := r.Reason
			if msg == "" {
				msg = r.UserMessage
			}
			if msg == "" {
				msg = defaultBlock
			}
			return hooks.Output{Stderr: oneLine(msg), ExitCode: 2}, nil
		}
		return hooks.Output{}, nil
	}
	if err := applyNative(ev, r, &o); err != nil {
		return hooks.Output{}, err
	}
	if o.isZero() {
		return hooks.Output{}, nil
	}
	if b, ok := appendOutput(make([]byte, 0, outputSize), &o); ok {
		return hooks.Output{Stdout: append(b, '\n')}, nil
	}
	b, err := json.Marshal(&o)
	if err != nil {
		return hooks.Output{}, err
	}
	return hooks.Output{Stdout: append(b, '\n')}, nil
}

// blockMessages returns user_message and agent_message for a block. The
// model reads user_message (measured on 3.9.16: a denied tool's
// postToolUseFailure carries user_message, and agent_message was never
// seen reaching the model), so the reason must be in it: when the handler
// set both a UserMessage and a different Reason, user_message holds the
// UserMessage, a blank line, then the Reason. agent_message holds the
// Reason alone (what the documentation says the model gets).
func blockMessages(r hooks.Response) (user, agent string) {
	reason, msg := r.Reason, r.UserMessage
	if reason == "" && msg == "" {
		if r.Halt && r.Decision != hooks.DecisionDeny {
			return defaultHalt, defaultHalt
		}
		return defaultBlock, defaultBlock
	}
	switch {
	case reason == "":
		return msg, msg
	case msg == "" || msg == reason:
		return reason, reason
	}
	return msg + "\n\n" + reason, reason
}

func (o *Output) isZero() bool {
	return o.Permission == "" && o.Continue == nil && o.UserMessage == "" && o.AgentMessage == "" &&
		o.UpdatedInput == nil && o.AdditionalContext == "" && o.FollowupMessage == "" && o.UpdatedMCPToolOutput == nil
}

// isKnown reports whether native is in the capability matrix.
func isKnown(native string) bool {
	for i := range capabilities {
		if capabilities[i].Native == native {
			return true
		}
	}
	return false
}

// oneLine folds s onto one line.
func oneLine(s string) string {
	// Two IndexByte, not ContainsAny, which reads s a byte at a time.
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		s = strings.Join(strings.Fields(s), " ")
	}
	return s
}
