// Package verdict holds what the adapters' answer checks and readers
// (hostfacts.AnswerChecker, hostfacts.AnswerReader) share: reading an answer
// as one JSON object, and the one-line summaries a doctor prints.
package verdict

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// Object decodes out as exactly one JSON object.
func Object(out []byte) (map[string]json.RawMessage, error) {
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

// Summary is "answered " and out, compacted and cut to 160 bytes.
func Summary(out []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, out) == nil {
		out = b.Bytes()
	}
	return "answered " + cut(string(out))
}

// OneLine is s on one line, its runs of white space as one space, cut to
// 160 bytes.
func OneLine(s string) string {
	return cut(strings.Join(strings.Fields(s), " "))
}

func cut(s string) string {
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}

// ClaudeLike checks an answer to a host that reads Claude Code's answers
// (Qwen Code, Factory Droid, Copilot CLI), named name in the messages:
// one JSON object on exit 0, or exit 2 with the reason on stderr (Qwen
// Code ignores exit 2 without one).
func ClaudeLike(name string, o hooks.Output) (hostfacts.Verdict, string) {
	switch o.ExitCode {
	case 0:
	case 2:
		if strings.TrimSpace(o.Stderr) == "" {
			return hostfacts.VerdictFail, fmt.Sprintf("blocks (exit 2) without a reason on stderr: %s may let the action run", name)
		}
		return hostfacts.VerdictOK, "blocks (exit 2): " + OneLine(o.Stderr)
	default:
		return hostfacts.VerdictFail, fmt.Sprintf("exit %d: %s ignores the answer and lets the action run", o.ExitCode, name)
	}
	out := bytes.TrimSpace(o.Stdout)
	if len(out) == 0 {
		return hostfacts.VerdictOK, "no opinion"
	}
	if _, err := Object(out); err != nil {
		return hostfacts.VerdictFail, fmt.Sprintf("stdout is not one JSON object (%v): %s ignores it", err, name)
	}
	return hostfacts.VerdictOK, Summary(out)
}
