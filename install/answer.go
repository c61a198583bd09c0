package install

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/copilot"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/droid"
	"github.com/agenthooks/hooks/qwen"
)

// runResult is what a hook process did.
type runResult struct {
	exit           int
	stdout, stderr []byte
	timedOut       bool
	err            error // could not be started
}

// checkAnswer says whether the host would accept the answer r to its
// native event, and what it would make of it. failClosed is Cursor's
// entry setting.
func checkAnswer(h *host, native string, r runResult, failClosed bool) (Level, string) {
	switch {
	case r.err != nil:
		return Fail, "could not run: " + r.err.Error()
	case r.timedOut:
		return Fail, "did not answer in time: the host would kill it and " + map[bool]string{true: "block the action", false: "ignore it"}[h.flat && failClosed]
	case r.exit == 126 || r.exit == 127:
		return Fail, fmt.Sprintf("the shell could not run the command (exit %d): %s", r.exit, oneLine(r.stderr))
	}
	out := bytes.TrimSpace(r.stdout)
	switch h.name {
	case claude.Host:
		return checkClaude(native, r, out)
	case codex.Host:
		return checkCodex(native, r, out)
	case cursor.Host:
		return checkCursor(native, r, out, failClosed)
	case qwen.Host, droid.Host, copilot.Host:
		return checkClaudeLike(h.name, r, out)
	}
	return checkGemini(r, out)
}

// object decodes out as exactly one JSON object.
func object(out []byte) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(out))
	var m map[string]json.RawMessage
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	if m == nil {
		return nil, fmt.Errorf("not a JSON object")
	}
	return m, nil
}

func checkClaude(native string, r runResult, out []byte) (Level, string) {
	switch r.exit {
	case 0:
	case 2:
		if len(bytes.TrimSpace(r.stderr)) == 0 {
			return Warn, "blocks (exit 2) without a reason on stderr: Claude Code shows \"No stderr output\""
		}
		return OK, "blocks (exit 2): " + oneLine(r.stderr)
	default:
		return Fail, fmt.Sprintf("exit %d: Claude Code reports a non-blocking error and ignores the answer", r.exit)
	}
	if len(out) == 0 {
		return OK, "no opinion"
	}
	if out[0] != '{' {
		if native == "SessionStart" || native == "UserPromptSubmit" {
			return OK, "plain text, added to the context"
		}
		return Warn, "plain text on stdout, which Claude Code ignores here"
	}
	m, err := object(out)
	if err != nil {
		return Fail, "stdout is not one JSON object (" + err.Error() + "): Claude Code ignores it"
	}
	if raw, ok := m["hookSpecificOutput"]; ok {
		var hso struct {
			Event *string `json:"hookEventName"`
		}
		if json.Unmarshal(raw, &hso) != nil || hso.Event == nil || *hso.Event != native {
			return Fail, "hookSpecificOutput.hookEventName is not " + native + ": Claude Code ignores the whole answer"
		}
	}
	return OK, summary(out)
}

// checkClaudeLike checks an answer to Qwen Code or Factory Droid, which
// read Claude Code's answers: one JSON object on exit 0, or exit 2 with
// the reason on stderr (Qwen Code ignores exit 2 without one).
func checkClaudeLike(h hooks.Host, r runResult, out []byte) (Level, string) {
	switch r.exit {
	case 0:
	case 2:
		if len(bytes.TrimSpace(r.stderr)) == 0 {
			return Fail, fmt.Sprintf("blocks (exit 2) without a reason on stderr: %s may let the action run", h)
		}
		return OK, "blocks (exit 2): " + oneLine(r.stderr)
	default:
		return Fail, fmt.Sprintf("exit %d: %s ignores the answer and lets the action run", r.exit, h)
	}
	if len(out) == 0 {
		return OK, "no opinion"
	}
	if _, err := object(out); err != nil {
		return Fail, fmt.Sprintf("stdout is not one JSON object (%v): %s ignores it", err, h)
	}
	return OK, summary(out)
}

func checkCursor(native string, r runResult, out []byte, failClosed bool) (Level, string) {
	switch r.exit {
	case 0:
	case 2:
		if len(out) > 0 {
			return Warn, "blocks (exit 2), but Cursor does not parse stdout on exit 2: it shows it raw as the reason"
		}
		return OK, "blocks (exit 2)"
	default:
		if failClosed {
			return Fail, fmt.Sprintf("exit %d: a failure, so Cursor blocks (failClosed)", r.exit)
		}
		return Fail, fmt.Sprintf("exit %d: a failure, which Cursor ignores", r.exit)
	}
	if len(out) == 0 {
		if failClosed && cursorGates(native) {
			return Fail, "no output while failClosed is set: Cursor treats that as a failure and blocks every call"
		}
		return OK, "no opinion"
	}
	if _, err := object(out); err != nil {
		return Fail, "stdout is not one JSON object (" + err.Error() + "): a failure for Cursor"
	}
	return OK, summary(out)
}

// cursorGates lists the Cursor events whose failure blocks with failClosed.
func cursorGates(native string) bool {
	switch native {
	case "preToolUse", "beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "beforeSubmitPrompt", "subagentStart":
		return true
	}
	return false
}

func checkGemini(r runResult, out []byte) (Level, string) {
	text := out
	if len(text) == 0 {
		text = bytes.TrimSpace(r.stderr)
	}
	if len(out) > 0 && out[0] == '{' {
		if _, err := object(out); err != nil {
			if r.exit == 0 || r.exit == 1 {
				return Fail, "stdout is not exactly one JSON object (" + err.Error() + "): Gemini CLI takes it as plain text and ignores the decision"
			}
			return Warn, fmt.Sprintf("exit %d with output that is not one JSON object: Gemini CLI blocks with it as the reason", r.exit)
		}
		return OK, summary(out)
	}
	switch r.exit {
	case 0:
		if len(out) == 0 {
			return OK, "no opinion"
		}
		return Warn, "plain text on stdout: Gemini CLI shows it as a system message and allows"
	case 1:
		return Fail, "exit 1: Gemini CLI takes it as a warning and allows"
	}
	return OK, fmt.Sprintf("blocks (exit %d): %s", r.exit, oneLine(text))
}

func summary(out []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, out) == nil {
		out = b.Bytes()
	}
	s := string(out)
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return "answered " + s
}

func oneLine(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}
