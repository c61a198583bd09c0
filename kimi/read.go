package kimi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// Kimi Code's reading of a hook's answer (2.1.0 bundle, externalHooks;
// the deny forms measured): exit code 2 blocks, with stderr as the
// reason; on exit code 0, stdout is parsed as one JSON value, and an
// object whose hookSpecificOutput.permissionDecision is "deny" blocks,
// with permissionDecisionReason as the reason; any other exit code, a
// time-out or a crash lets the action run. A block acts only on
// PreToolUse (the tool does not run), UserPromptSubmit (the prompt is
// dropped) and Stop (the agent goes on, once per turn). On
// UserPromptSubmit, an answer that does not block adds its message (the
// top-level or hookSpecificOutput's), else its whole stdout, to the
// conversation. Nothing else of an answer is read.

// kimiPlaceholders are the adapter's and Kimi's texts for a block without
// a reason.
var kimiPlaceholders = []string{"Blocked by hook", "A stop hook asks you to continue: do not stop yet.",
	"Blocked by PreToolUse hook", "Blocked by UserPromptSubmit hook", "Blocked by Stop hook"}

// blocks reports the events on which Kimi acts on a block.
func blocks(native string) bool {
	return native == EventPreToolUse || native == EventUserPromptSubmit || native == EventStop
}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	var block bool
	var reason, message string
	var structured bool
	switch out.ExitCode {
	case 2:
		block, reason = true, strings.TrimSpace(out.Stderr)
	case 0:
		block, reason, message, structured = readJSON(out.Stdout)
	default:
		v.Ignored = fmt.Sprintf("exit code %d is a failed hook: Kimi lets the action run", out.ExitCode)
		return v
	}
	if block {
		if !blocks(native) {
			v.Ignored = "Kimi does not act on a block on " + native
			return v
		}
		v.Decision = hooks.DecisionDeny
		if native == EventUserPromptSubmit && out.ExitCode == 0 && strings.TrimSpace(message) != "" {
			reason = message
		}
		v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(strings.TrimSpace(reason), "Blocked by "+native+" hook"), kimiPlaceholders...)
		return v
	}
	s := strings.TrimSpace(string(out.Stdout))
	switch {
	case native == EventUserPromptSubmit:
		if m := strings.TrimSpace(message); m != "" {
			v.Context = m
		} else if s != "" {
			v.Context = s
			if !structured {
				v.Flaw = "stdout is not one JSON object: Kimi adds it to the conversation as it is"
			}
		}
	case s != "" && !structured:
		v.Ignored = "stdout is not one JSON object: Kimi ignores it"
	case s != "":
		if keys := verdict.Keys([]byte(s)); len(keys) > 0 {
			v.Notes = append(v.Notes, "Kimi reads nothing of "+strings.Join(keys, ", ")+" on "+native+" but a deny")
		}
	}
	return v
}

// readJSON reads stdout as Kimi does: the whole of it, trimmed, one JSON
// value; structured is false when it is not an object (Kimi's schema then
// fails and the answer is plain text).
func readJSON(stdout []byte) (block bool, reason, message string, structured bool) {
	s := bytes.TrimSpace(stdout)
	if len(s) == 0 {
		return
	}
	var o map[string]json.RawMessage
	if json.Unmarshal(s, &o) != nil || o == nil {
		return
	}
	structured = true
	message = scalar(o["message"])
	var spec map[string]json.RawMessage
	if json.Unmarshal(o["hookSpecificOutput"], &spec) == nil && spec != nil {
		if message == "" {
			message = scalar(spec["message"])
		}
		var d string
		if json.Unmarshal(spec["permissionDecision"], &d) == nil && d == "deny" {
			block = true
			json.Unmarshal(spec["permissionDecisionReason"], &reason)
		}
	}
	return
}

// scalar reads a message as Kimi does: a string as it is, a number or a
// boolean as its text, anything else as nothing.
func scalar(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	switch raw[0] {
	case '{', '[', 'n':
		return ""
	}
	return string(raw)
}
