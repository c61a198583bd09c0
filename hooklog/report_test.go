package hooklog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

// sampleLog is a log of three hosts over two hours: Claude enforcing
// (denies of rm -rf), Codex in observe mode (would deny, sent none), and
// Gemini with a fail-policy answer.
func sampleLog() []Line {
	var ls []Line
	for i := range 120 {
		at := t0.Add(time.Duration(i) * time.Minute)
		ls = append(ls, Line{Time: at, Host: "claude", Event: "PreToolUse", Tool: "Bash", Command: "ls", Sent: "none", DurationMS: float64(i%10 + 1)})
		if i%4 == 0 {
			ls = append(ls, Line{Time: at, Host: "claude", Event: "PreToolUse", Tool: "Bash", Command: "rm -rf build", Decision: "deny", Sent: "deny", Reason: "no rm -rf", DurationMS: 2})
		}
		if i%3 == 0 {
			ls = append(ls, Line{Time: at, Host: "codex", Event: "PreToolUse", Tool: "Bash", Command: "cat .env", Decision: "ask", Sent: "none", Would: "deny", Observe: true, Reason: "secrets", DurationMS: 3})
		}
		if i == 60 {
			ls = append(ls, Line{Time: at, Host: "gemini", Event: "BeforeTool", Tool: "run_shell_command", Sent: "deny", Fail: "handler: panic: boom", Reason: "hook failed", DurationMS: 100})
		}
	}
	return ls
}

func TestSummarize(t *testing.T) {
	rep := Summarize(sampleLog(), time.Time{}, 12)
	if rep.Events != 120+30+40+1 || !rep.First.Equal(t0) {
		t.Fatalf("events %d first %v", rep.Events, rep.First)
	}
	want := []Count{{"claude", 150}, {"codex", 40}, {"gemini", 1}}
	if !equal(rep.Hosts, want) {
		t.Errorf("hosts %v", rep.Hosts)
	}
	if !equal(rep.WouldDeny, []Count{{"codex", 40}}) {
		t.Errorf("would deny %v", rep.WouldDeny)
	}
	if !equal(rep.Reasons, []Count{{"secrets", 40}, {"no rm -rf", 30}, {"hook failed", 1}}) {
		t.Errorf("reasons %v", rep.Reasons)
	}
	if !equal(rep.Denied, []Count{{"cat .env", 40}, {"rm -rf build", 30}}) {
		t.Errorf("denied %v", rep.Denied)
	}
	if !equal(rep.Fails, []Count{{"handler: panic: boom", 1}}) {
		t.Errorf("fails %v", rep.Fails)
	}
	// 191 durations: 120 of 1..10 ms, 30 of 2, 40 of 3, one of 100.
	if rep.P50MS != 3 || rep.P99MS != 10 {
		t.Errorf("p50 %v p99 %v", rep.P50MS, rep.P99MS)
	}
	var codexRow Row
	for _, r := range rep.Rows {
		if r.Host == "codex" {
			codexRow = r
		}
	}
	if codexRow != (Row{Host: "codex", Event: "PreToolUse", Decision: "ask", Sent: "deny", Observe: true, N: 40}) {
		t.Errorf("codex row %+v", codexRow)
	}
	total := 0
	for _, b := range rep.Buckets {
		for _, n := range b.Counts {
			total += n
		}
	}
	if len(rep.Buckets) != 12 || total != rep.Events {
		t.Errorf("%d buckets of %d events", len(rep.Buckets), total)
	}
}

func equal(a, b []Count) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func writeSample(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	var b bytes.Buffer
	for _, l := range sampleLog() {
		b.Write(l.Marshal())
	}
	b.WriteString("{torn\n")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestMainReport(t *testing.T) {
	path := writeSample(t)
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"--log", path}, "", t0.Add(3*time.Hour), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"191 events", "1 unreadable lines skipped", "none (observe: would deny)", "Would deny (observe mode), per host\n      40  codex",
		"Top commands denied\n      40  cat .env\n      30  rm -rf build", "Fail-policy answers\n       1  handler: panic: boom", "p50 3.0 ms, p99 10.0 ms"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("no %q in\n%s", want, stdout.String())
		}
	}
	// --since: the last 30 minutes of the log (it ends at t0+119m).
	stdout.Reset()
	if code := Main([]string{"--log", path, "--since", "30m", "--json"}, "", t0.Add(120*time.Minute), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var rep Report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Events != 30+7+10 || !rep.First.Equal(t0.Add(90*time.Minute)) {
		t.Errorf("since 30m: %d events from %v", rep.Events, rep.First)
	}
	for _, args := range [][]string{{"--log", filepath.Join(t.TempDir(), "none.jsonl")}, {"--since", "-1h", "--log", path}, {"extra"}} {
		if code := Main(args, "", t0, &stdout, &stderr); code == 0 {
			t.Errorf("%q: exit 0", args)
		}
	}
}

// SECURITY.md: report reads lines of any length. A 10 MiB line (a file
// appended to the log; bufio.Scanner's token limit failed the whole
// report on it) is skipped and counted, the lines around it are read,
// and memory stays bounded: the long line is not held whole.
func TestReadLongLine(t *testing.T) {
	good := func(i int) []byte {
		return Line{Time: t0.Add(time.Duration(i) * time.Second), Host: "claude", Event: "PreToolUse", Sent: "deny"}.Marshal()
	}
	var log bytes.Buffer
	log.Write(good(1))
	log.Write(bytes.Repeat([]byte("x"), 10<<20))
	log.WriteString("\n")
	log.Write(good(2))
	log.Write(bytes.Repeat([]byte(`{"a":1}`), (MaxReadLine-200)/7)) // long, under the cap: read, not a Line
	log.WriteString("\n\n")
	log.Write(bytes.TrimSuffix(good(3), []byte("\n"))) // the last line, no newline
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	lines, bad, long, err := Read(bytes.NewReader(log.Bytes()), time.Time{})
	runtime.ReadMemStats(&after)
	if err != nil || len(lines) != 3 || bad != 1 || long != 1 {
		t.Fatalf("%d lines, %d bad, %d long, %v; want 3, 1, 1", len(lines), bad, long, err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("Read allocated %d bytes for a 10 MiB line: it is held", got)
	}
	path := filepath.Join(t.TempDir(), "guard.jsonl")
	os.WriteFile(path, log.Bytes(), 0o600)
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"--log", path}, "", t0, &stdout, &stderr); code != 0 {
		t.Fatalf("report exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "3 events") || !strings.Contains(stdout.String(), "1 lines longer than 1048576 bytes skipped") {
		t.Errorf("report:\n%s", stdout.String())
	}
}

// A fleet's gathered logs: --log more than once, or a glob, each log read
// with its rotated files once (a glob matching LOG.1 too reads it once).
func TestMainReportFleet(t *testing.T) {
	dir := t.TempDir()
	one := writeSample(t)
	data, err := os.ReadFile(one)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"alice.jsonl", "bob.jsonl", "bob.jsonl.1"} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"--log", filepath.Join(dir, "alice.jsonl"), "--log", filepath.Join(dir, "bob.jsonl"), "--json"},
		{"--log", filepath.Join(dir, "*"), "--json"},
	} {
		var stdout, stderr bytes.Buffer
		if code := Main(args, "", t0.Add(3*time.Hour), &stdout, &stderr); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr.String())
		}
		var rep Report
		if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
			t.Fatal(err)
		}
		if rep.Events != 3*191 {
			t.Errorf("%q: %d events, want three logs' 573", args, rep.Events)
		}
	}
	// A path given as it is is read whatever its name, LOG.1 included.
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"--log", filepath.Join(dir, "bob.jsonl.1"), "--json"}, "", t0.Add(3*time.Hour), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var rep Report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil || rep.Events != 191 {
		t.Errorf("--log LOG.1: %d events (%v), want 191", rep.Events, err)
	}
}

// TestReportRedactsSecrets: a log written by an older hook or by hand
// holds a token in every text field a report shows (command, reason,
// path, fail, warning); no form of the report (text, --json, --html)
// holds it, and the ordinary text around it is unchanged.
func TestReportRedactsSecrets(t *testing.T) {
	tok := "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
	aws := "aws_secret_access_key=" + "Xq3L9vB2mN7pR4tY8wK1zD6fH0jS5aC2eG9iU3oM"
	var b strings.Builder
	for i, l := range []Line{
		{Host: "claude", Event: "PreToolUse", Tool: "Bash", Command: "curl -H 'Authorization: token " + tok + "' https://api.github.com/user",
			Decision: "deny", Sent: "deny", Reason: "guard: `echo " + tok + "` denied", Warnings: []string{"dropped " + aws}},
		{Host: "claude", Event: "PreToolUse", Tool: "Write", Paths: []string{"/home/dev/project/" + tok + ".txt"},
			Decision: "deny", Sent: "deny", Reason: "plain reason", Fail: "handler: panic: " + aws, Cwd: "/home/dev/" + tok},
		{Host: "codex", Event: "PreToolUse", Tool: "Bash", Command: "go test ./...", Decision: "deny", Sent: "deny", Reason: "plain reason"},
	} {
		l.Time = t0.Add(time.Duration(i) * time.Minute)
		b.Write(marshal(l)) // as written: not through LineOf
	}
	path := filepath.Join(t.TempDir(), "hooks.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), tok) {
		t.Fatal("the sample log does not hold the token: the test proves nothing")
	}
	htmlPath := filepath.Join(t.TempDir(), "report.html")
	for _, args := range [][]string{{"--log", path}, {"--log", path, "--json"}, {"--log", path, "--html", htmlPath}} {
		var stdout, stderr bytes.Buffer
		if code := Main(args, "", t0.Add(time.Hour), &stdout, &stderr); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr.String())
		}
		out := stdout.String() + stderr.String()
		if args[len(args)-2] == "--html" {
			page, err := os.ReadFile(htmlPath)
			if err != nil {
				t.Fatal(err)
			}
			out += string(page)
		}
		for _, secret := range []string{tok, tok[4:20], "Xq3L9vB2mN7pR4tY8wK1zD6fH0jS5aC2eG9iU3oM"} {
			if strings.Contains(out, secret) {
				t.Errorf("%q: the report holds %q:\n%s", args, secret, out)
			}
		}
		for _, want := range []string{"REDACTED github-token", "https://api.github.com/user", "go test ./...", "plain reason"} {
			if args[len(args)-2] != "--html" && !strings.Contains(out, want) {
				t.Errorf("%q: the report lost %q:\n%s", args, want, out)
			}
		}
	}
}
