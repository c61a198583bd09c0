package hookhttp

import (
	"encoding/json"

	"github.com/agenthooks/hooks"
	"testing"
)

// appendReply writes what json.Marshal writes for a Reply, byte for byte:
// the bridge decodes it with encoding/json.
func TestAppendReplyMatchesMarshal(t *testing.T) {
	for _, r := range []Reply{
		{},
		{Stdout: "{}\n"},
		{Host: "claude", Stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no <rm> & \"quotes\""}}` + "\n"},
		{Host: "cursor", Notes: []string{"hooks: cursor does not honour context on stop: dropped", "two\tlines\u2028é"}, Stdout: "", Stderr: "blocked \x01 by policy", ExitCode: 2},
		{Host: "codex", Notes: []string{"only"}, ExitCode: -1},
		{Stdout: "invalid \xff utf-8", Stderr: "\\ backslash"},
	} {
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(appendReply(nil, r)); got != string(want)+"\n" {
			t.Errorf("appendReply = %s\njson.Marshal = %s", got, want)
		}
	}
}

func FuzzAppendReply(f *testing.F) {
	f.Add("claude", "note", "{}\n", "", 0)
	f.Add("", "", "<&>\u2028", "reason\n", 2)
	f.Fuzz(func(t *testing.T, host, note, stdout, stderr string, code int) {
		r := Reply{Host: hooks.Host(host), Stdout: stdout, Stderr: stderr, ExitCode: code}
		if note != "" {
			r.Notes = []string{note, note}
		}
		want, _ := json.Marshal(r)
		if got := string(appendReply(nil, r)); got != string(want)+"\n" {
			t.Errorf("appendReply = %q\njson.Marshal = %q", got, want)
		}
	})
}
