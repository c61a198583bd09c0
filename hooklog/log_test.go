package hooklog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// TestMain makes the test binary, run with HOOKLOG_CHILD=N, a process
// that writes N lines to the log HOOKLOG_PATH with a small MaxSize, as
// many hook processes do at once.
func TestMain(m *testing.M) {
	if n, err := strconv.Atoi(os.Getenv("HOOKLOG_CHILD")); err == nil {
		l := &Log{Path: os.Getenv("HOOKLOG_PATH"), MaxSize: childMax, Keep: 1000, Stderr: os.Stderr}
		for i := range n {
			if err := l.Write(sampleLine(os.Getpid(), i)); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		os.Exit(0)
	}
	if p := os.Getenv("HOOKLOG_HOLD"); p != "" {
		holdLock(p) // attack_unix_test.go
	}
	os.Exit(m.Run())
}

const childMax = 16 << 10

func sampleLine(pid, i int) Line {
	return Line{Time: time.Now().UTC(), Host: "claude", Event: "PreToolUse", Tool: "Bash", Decision: "deny", Sent: "deny",
		Command: fmt.Sprintf("pid=%d i=%d %s", pid, i, strings.Repeat("x", 200+i%300)), Reason: "no", DurationMS: 1}
}

// Processes that append and rotate at once lose no line and tear none,
// and no file grows far past MaxSize.
func TestConcurrentProcessesRotate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the log is not rotated on Windows (no flock)")
	}
	const procs, each = 20, 150
	path := filepath.Join(t.TempDir(), "log", "decisions.jsonl")
	var wg sync.WaitGroup
	errs := make(chan error, procs)
	for range procs {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "HOOKLOG_CHILD="+strconv.Itoa(each), "HOOKLOG_PATH="+path)
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("%v: %s", err, out)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	files := Files(path)
	if len(files) < 10 {
		t.Fatalf("%d files: the log was not rotated", len(files))
	}
	seen := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > childMax+procs*MaxLine {
			t.Errorf("%s: %d bytes, far past MaxSize %d", f, len(b), childMax)
		}
		for _, ln := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
			var l Line
			if err := json.Unmarshal(ln, &l); err != nil {
				t.Fatalf("%s: torn line %q: %v", f, ln, err)
			}
			key, _, _ := strings.Cut(l.Command, " x")
			if seen[key] {
				t.Errorf("line %q twice", key)
			}
			seen[key] = true
		}
	}
	if len(seen) != procs*each {
		t.Errorf("%d lines, want %d", len(seen), procs*each)
	}
}

func TestMarshalBounded(t *testing.T) {
	huge := strings.Repeat("\x01", 100000) // escaped as \u0001: 6 bytes each
	l := Line{Time: time.Now(), Host: "claude", Command: huge, Reason: huge, Cwd: huge, Paths: []string{huge, huge}, Warnings: []string{huge}}
	b := l.Marshal()
	if len(b) > MaxLine || b[len(b)-1] != '\n' || bytes.Count(b, []byte("\n")) != 1 {
		t.Fatalf("line of %d bytes", len(b))
	}
	var back Line
	if err := json.Unmarshal(b, &back); err != nil || back.Host != "claude" {
		t.Fatalf("%v %+v", err, back)
	}
}

func TestUnwritableLogSaysSoOnce(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o600)
	var stderr bytes.Buffer
	l := Open(filepath.Join(file, "under-a-file.jsonl"), &stderr)
	for range 3 {
		l.Observe(hooks.Record{Time: time.Now(), Host: "claude", Sent: "deny"})
	}
	if n := strings.Count(stderr.String(), "decision log cannot be written"); n != 1 {
		t.Errorf("said %d times: %q", n, stderr.String())
	}
}

func TestLineOfRecord(t *testing.T) {
	r := hooks.Record{Time: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC), Host: "codex", NativeEvent: "PreToolUse", Event: hooks.PreToolUse,
		ToolName: "Bash", ToolKind: hooks.KindShell, Command: "cat .env", Decision: hooks.DecisionAsk, Sent: "deny", Reason: "secrets",
		Fail: "", Observe: false, Duration: 1500 * time.Microsecond}
	var m map[string]any
	if err := json.Unmarshal(LineOf(r).Marshal(), &m); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{"time": "2026-12-01T10:00:00Z", "host": "codex", "event": "PreToolUse", "tool": "Bash",
		"decision": "ask", "sent": "deny", "reason": "secrets", "observe": false, "fail": "", "duration_ms": 1.5} {
		if m[k] != want {
			t.Errorf("%s = %#v, want %#v", k, m[k], want)
		}
	}
}
