package hooklog

import (
	"bytes"
	"strings"
	"testing"
)

// A gateway's log (hookhttp.JSONLogger's lines, which name the developer
// as user) is reported per user: the rows, the users' counts, the text
// and HTML tables.
func TestReportUsers(t *testing.T) {
	// As examples/gateway writes them with -tokens (one line per request).
	const gatewayLog = `{"time":"2026-12-01T09:00:00.1Z","level":"INFO","msg":"hook","host":"claude","event":"PreToolUse","unified":"PreToolUse","session":"s","tool":"Bash","kind":"shell","decision":"deny","sent":"deny","duration_ms":0.4,"latency":400000,"status":200,"wire":"http","user":"alice"}
{"time":"2026-12-01T09:00:01.1Z","level":"INFO","msg":"hook","host":"claude","event":"PreToolUse","unified":"PreToolUse","session":"s","tool":"Bash","kind":"shell","decision":"deny","sent":"deny","duration_ms":0.4,"latency":400000,"status":200,"wire":"http","user":"alice"}
{"time":"2026-12-01T09:00:02.1Z","level":"INFO","msg":"hook","host":"claude","event":"PreToolUse","unified":"PreToolUse","session":"t","tool":"Bash","kind":"shell","decision":"deny","sent":"deny","duration_ms":0.4,"latency":400000,"status":200,"wire":"envelope","user":"bob"}
`
	lines := readAll(t, gatewayLog)
	rep := Summarize(lines, t0.Add(-1), 4)
	if len(rep.Rows) != 2 || rep.Rows[0].User != "alice" || rep.Rows[0].N != 2 || rep.Rows[1].User != "bob" || rep.Rows[1].N != 1 {
		t.Fatalf("rows: %+v, want alice's 2 denies apart from bob's 1", rep.Rows)
	}
	if len(rep.Users) != 2 || rep.Users[0] != (Count{"alice", 2}) || rep.Users[1] != (Count{"bob", 1}) {
		t.Errorf("users: %+v", rep.Users)
	}
	var txt, html bytes.Buffer
	WriteText(&txt, rep)
	if !strings.Contains(txt.String(), "USER") || !strings.Contains(txt.String(), "alice") || !strings.Contains(txt.String(), "bob") {
		t.Errorf("text report without its users:\n%s", txt.String())
	}
	if err := WriteHTML(&html, rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), "<th>user</th>") || !strings.Contains(html.String(), "<td>alice</td>") {
		t.Errorf("HTML report without its users")
	}
}

// readAll reads a log held in a string, failing on any line it cannot read.
func readAll(t *testing.T, log string) []Line {
	t.Helper()
	lines, bad, _, err := Read(strings.NewReader(log), t0.Add(-1))
	if err != nil || bad != 0 {
		t.Fatalf("Read: %d bad lines, %v", bad, err)
	}
	return lines
}
