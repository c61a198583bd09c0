package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// CheckAnswer implements hostfacts.AnswerChecker: Claude Code reads one JSON
// object on exit 0 (its hookSpecificOutput naming the event), plain text
// as context on SessionStart and UserPromptSubmit, and a block from exit
// 2 with the reason on stderr; any other exit code is a non-blocking
// error.
func (*Adapter) CheckAnswer(native string, o hooks.Output, failClosed bool) (hostfacts.Verdict, string) {
	switch o.ExitCode {
	case 0:
	case 2:
		if strings.TrimSpace(o.Stderr) == "" {
			return hostfacts.VerdictWarn, "blocks (exit 2) without a reason on stderr: Claude Code shows \"No stderr output\""
		}
		return hostfacts.VerdictOK, "blocks (exit 2): " + verdict.OneLine(o.Stderr)
	default:
		return hostfacts.VerdictFail, fmt.Sprintf("exit %d: Claude Code reports a non-blocking error and ignores the answer", o.ExitCode)
	}
	out := bytes.TrimSpace(o.Stdout)
	if len(out) == 0 {
		return hostfacts.VerdictOK, "no opinion"
	}
	if out[0] != '{' {
		if native == "SessionStart" || native == "UserPromptSubmit" {
			return hostfacts.VerdictOK, "plain text, added to the context"
		}
		return hostfacts.VerdictWarn, "plain text on stdout, which Claude Code ignores here"
	}
	m, err := verdict.Object(out)
	if err != nil {
		return hostfacts.VerdictFail, "stdout is not one JSON object (" + err.Error() + "): Claude Code ignores it"
	}
	if raw, ok := m["hookSpecificOutput"]; ok {
		var hso struct {
			Event *string `json:"hookEventName"`
		}
		if json.Unmarshal(raw, &hso) != nil || hso.Event == nil || *hso.Event != native {
			return hostfacts.VerdictFail, "hookSpecificOutput.hookEventName is not " + native + ": Claude Code ignores the whole answer"
		}
	}
	return hostfacts.VerdictOK, verdict.Summary(out)
}
