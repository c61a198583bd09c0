package hooklog

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// marshal writes exactly what encoding/json writes for a Line.
func FuzzMarshalIsJSON(f *testing.F) {
	for _, s := range []string{"", "rm -rf /", "a\"b\\c\n\r\t\x00\x1f", "<script>&</script>", "\u2028\u2029", "\xff\xfe bad", "é中🙂", "\x7f"} {
		f.Add(s, 1.5, 2)
	}
	f.Fuzz(func(t *testing.T, s string, ms float64, exit int) {
		if ms < 0 || ms > 1e9 || ms != ms {
			ms = 1.25
		}
		l := Line{Time: time.Date(2026, 12, 1, 10, 0, 0, 123, time.UTC), Host: s, Event: s, Unified: s, Session: s, Cwd: s, Tool: s, Kind: s,
			Command: s, Paths: []string{s, s}, Decision: s, Sent: s, Would: s, Reason: s, Observe: len(s)%2 == 0, Fail: s,
			Warnings: []string{s}, DurationMS: ms, Exit: exit, Program: s, Version: s}
		want, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		if got := marshal(l); !bytes.Equal(got, append(want, '\n')) {
			t.Errorf("marshal\n%s\nencoding/json\n%s", got, want)
		}
		if got, want := marshal(Line{}), []byte(`{"time":"0001-01-01T00:00:00Z","host":"","event":"","tool":"","decision":"","sent":"","reason":"","observe":false,"fail":"","duration_ms":0,"stdin_ms":0,"exit":0}`+"\n"); !bytes.Equal(got, want) {
			t.Errorf("empty line %s", got)
		}
	})
}

// TestLineRedactsSecrets checks that a token in a command, a path or a
// reason never reaches the log, and that the rest of each is kept.
func TestLineRedactsSecrets(t *testing.T) {
	tok := "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
	r := hooks.Record{Host: "claude", NativeEvent: "PreToolUse", ToolName: "Bash",
		Command: "curl -H 'Authorization: token " + tok + "' https://api.github.com/user",
		Paths:   []string{"/home/dev/project/main.go", "/tmp/" + tok},
		Reason:  "guard: `echo " + tok + "` denied"}
	b := string(LineOf(r).Marshal())
	if strings.Contains(b, tok) {
		t.Fatalf("the log line holds the token: %s", b)
	}
	for _, want := range []string{"https://api.github.com/user", "[REDACTED github-token]", "/home/dev/project/main.go", "guard: `echo "} {
		if !strings.Contains(b, want) {
			t.Errorf("the log line lost %q: %s", want, b)
		}
	}
	if r.Paths[1] != "/tmp/"+tok {
		t.Error("LineOf changed the record's own paths")
	}
}
