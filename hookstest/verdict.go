package hookstest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks"
)

// A Verdict is what a host does with a hook's answer, read back from the
// native output (stdout, stderr and exit code) the way the real client
// reads it. The readers are the kit's own, one small file per host, and
// share no code with the adapters' serializers: a serializer bug (a field
// the host does not read, a wrong event name, a field that makes the host
// discard the whole answer) shows up as a verdict that is not the one the
// handler asked for.
type Verdict struct {
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
	// User is what the user is shown and the model never sees
	// (systemMessage, stopReason; Cursor's user_message on a prompt).
	User string
	// Ignored, when not empty, says why the host discards the whole
	// answer (and then behaves as if no hook had run).
	Ignored string
	// Notes explain anything else the host does differently from what the
	// answer seems to say.
	Notes []string
}

// String is a one-line summary: `deny "reason"`, `no opinion`, ….
func (v Verdict) String() string {
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
	if v.Ignored != "" {
		parts = append(parts, "answer ignored: "+v.Ignored)
	}
	return strings.Join(parts, ", ")
}

// blocked reports whether the host blocks (or, on a stop, continues).
func (v Verdict) blocked() bool { return v.Decision == hooks.DecisionDeny }

// read reads the native output of host for native into a Verdict.
func read(host hooks.Host, native string, out hooks.Output) Verdict {
	var v Verdict
	switch host {
	case "claude":
		v = readClaude(native, out)
	case "cursor":
		v = readCursor(native, out)
	case "gemini":
		v = readGemini(native, out)
	case "codex":
		v = readCodex(native, out)
	case "copilot":
		v = readCopilot(native, out)
	case "qwen":
		v = readQwen(native, out)
	case "droid":
		v = readDroid(native, out)
	default:
		v.Ignored = "hookstest has no reader for host " + string(host)
	}
	if v.Ignored != "" {
		v = Verdict{Ignored: v.Ignored, Notes: v.Notes}
	}
	return v
}

// reason sets v.Reason, marked as a placeholder when it is one of
// placeholders.
func (v *Verdict) reason(reason string, placeholders ...string) {
	v.Reason = reason
	v.Placeholder = reason != "" && slices.Contains(placeholders, strings.TrimSpace(reason))
}

// oneJSON decodes b, which must hold exactly one JSON object, into dst.
func oneJSON(b []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(dst); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("more than one JSON document")
	}
	return nil
}

// keysOf returns the keys of the JSON object b (nil when b is not one).
func keysOf(b []byte) []string {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
