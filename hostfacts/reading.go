package hostfacts

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks"
)

// AnswerReader is implemented by adapters that know how their host reads a
// hook's answer, as measured against the real client (the e2e suite is
// the independent check of each reader). A reader shares no code with its
// adapter's serializer: a serializer bug (a field the host does not read,
// a wrong event name, a field that makes the host discard the whole
// answer) shows up as a reading that is not what the handler asked for.
type AnswerReader interface {
	// ReadAnswer says what the host does with out, a hook's answer to the
	// native event.
	ReadAnswer(native string, out hooks.Output) Reading
}

// A Reading is what a host does with a hook's answer, read back from the
// native output (stdout, stderr and exit code) the way the real client
// reads it ([AnswerReader]).
type Reading struct {
	// Decision is what the host does: DecisionDeny blocks the call (on a
	// stop: keeps the agent going; on a prompt: drops the prompt),
	// DecisionAllow approves it past the host's own permission rules,
	// DecisionAsk asks the user, NoDecision leaves the host to its own
	// rules. An "allow" a host does not treat as an approval (Cursor,
	// Gemini) reads as NoDecision.
	Decision hooks.Decision
	// Reason is the text the host passes on with a deny or an ask: what
	// the model is told (on a blocked prompt, what the user is shown
	// instead; on a stop, the agent's next instruction).
	Reason string
	// Placeholder reports that Reason is a stand-in the adapter or the
	// host writes when the handler gave no reason ("Blocked by hook").
	Placeholder bool
	// Context is the additional context the model receives, "" when none
	// reaches it.
	Context string
	// UpdatedInput is the native tool input that replaces the call's.
	UpdatedInput json.RawMessage
	// Halt reports that the agent is stopped altogether.
	Halt bool
	// ModelRequest is the request override the host applies before the
	// model call, in its native form (nil: none).
	ModelRequest json.RawMessage
	// ModelResponse is the response the host uses in the model's place,
	// in its native form: an answer instead of the model call, or a
	// replacement chunk (nil: none). ModelText is its text as the host
	// goes on with it.
	ModelResponse json.RawMessage
	ModelText     string
	// ToolChoice is the tool restriction the host passes to the model's
	// API, in its native form (nil: none).
	ToolChoice json.RawMessage
	// User is what the user is shown and the model never sees
	// (systemMessage, stopReason; Cursor's user_message on a prompt).
	User string
	// Ignored, when not empty, says why the host discards the whole
	// answer (and then behaves as if no hook had run).
	Ignored string
	// Failed, when not empty, says why the host counts the hook as failed
	// (an exit code, an answer it cannot parse, no answer where one is
	// due). What it then does is in the rest of the Reading: a host that
	// fails closed blocks (Decision), one that fails open ignores the
	// answer (Ignored); an entry set to fail closed
	// ([JSONSettings.FailClosed]) blocks every call ([CheckAnswer]).
	Failed string
	// Flaw, when not empty, says how the host acts other than the hook
	// seems to mean, in a line for a doctor's warning ([CheckAnswer]):
	// plain text where the host reads none, JSON it shows raw.
	Flaw string
	// Notes explain anything else the host does differently from what the
	// answer seems to say.
	Notes []string
}

// String is a one-line summary: `deny "reason"`, `no opinion`, ….
func (v Reading) String() string {
	var parts []string
	switch v.Decision {
	case hooks.DecisionDeny, hooks.DecisionAsk:
		r := strconv.Quote(v.Reason)
		if v.Placeholder {
			r += " (placeholder)"
		}
		parts = append(parts, v.Decision.String()+" "+r)
	case hooks.DecisionAllow:
		parts = append(parts, "allow")
	default:
		parts = append(parts, "no opinion")
	}
	if v.Context != "" {
		parts = append(parts, "context "+strconv.Quote(clip(v.Context)))
	}
	if v.UpdatedInput != nil {
		parts = append(parts, "updated input "+clip(string(v.UpdatedInput)))
	}
	if v.Halt {
		parts = append(parts, "halt")
	}
	if v.ModelRequest != nil {
		parts = append(parts, "model request "+clip(string(v.ModelRequest)))
	}
	if v.ModelResponse != nil {
		parts = append(parts, "model response "+strconv.Quote(clip(v.ModelText)))
	}
	if v.ToolChoice != nil {
		parts = append(parts, "tool choice "+clip(string(v.ToolChoice)))
	}
	if v.Ignored != "" {
		parts = append(parts, "answer ignored: "+v.Ignored)
	}
	return strings.Join(parts, ", ")
}

// clip cuts s to 60 characters.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}
