package hookhttp

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
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
		{Host: "claude", Stdout: "{}\n", Blocks: true},
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

// failWriter fails every write, as a closed stdout does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// An answer Reply.Write cannot write exits 2 when it blocks (Blocks, or
// exit code 2) and 1 otherwise, with a line on stderr; an empty answer
// has nothing to lose.
func TestReplyWriteFails(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    Reply
		want int
	}{
		{"deny on stdout", Reply{Stdout: `{"decision":"deny"}` + "\n", Blocks: true}, 2},
		{"exit 2", Reply{Stdout: "{}\n", Stderr: "no", ExitCode: 2}, 2},
		{"no opinion", Reply{Stdout: "{}\n"}, 1},
		{"nothing to write", Reply{}, 0},
	} {
		var stderr strings.Builder
		code := tc.r.Write(failWriter{}, &stderr)
		if code != tc.want {
			t.Errorf("%s: exit %d, want %d", tc.name, code, tc.want)
		}
		if said := strings.Contains(stderr.String(), "hooks: the answer could not be written to stdout (broken pipe)"); said != (tc.want != 0) {
			t.Errorf("%s: stderr %q", tc.name, stderr.String())
		}
	}
}
