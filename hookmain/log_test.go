package hookmain

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks/hooklog"
)

// rmPayload is a Claude PreToolUse of rm -rf with a long command (about
// 3 KB), which processGuard denies: long lines tear first when writes are
// not whole.
func rmPayload(i int) string {
	cmd := fmt.Sprintf("rm -rf build-%d %s", i, strings.Repeat("a", 3000))
	return strings.Replace(claudePre, `"command":"ls"`, `"command":"`+cmd+`"`, 1)
}

// Fifty hook processes answering at once, each with --log on one file:
// every one answers, and the log has one whole line for each.
func TestLogFiftyProcesses(t *testing.T) {
	const procs = 50
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	var wg sync.WaitGroup
	var mu sync.Mutex
	var fails []string
	for i := range procs {
		wg.Go(func() {
			cmd := hook("--host", "claude", "--log", path)
			cmd.Stdin = strings.NewReader(rmPayload(i))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if err != nil || !strings.Contains(stdout.String(), `"deny"`) || stderr.Len() > 0 {
				mu.Lock()
				fails = append(fails, fmt.Sprintf("%d: %v stdout %q stderr %q", i, err, stdout.String(), stderr.String()))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(fails) > 0 {
		t.Fatal(strings.Join(fails, "\n"))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
	seen := map[string]bool{}
	for _, ln := range lines {
		var l map[string]any
		if err := json.Unmarshal(ln, &l); err != nil {
			t.Fatalf("torn line (%d bytes): %v", len(ln), err)
		}
		if l["host"] != "claude" || l["event"] != "PreToolUse" || l["tool"] != "Bash" || l["decision"] != "deny" ||
			l["sent"] != "deny" || l["reason"] != "no rm -rf" || l["observe"] != false || l["fail"] != "" {
			t.Errorf("line %.300s", ln)
		}
		if _, ok := l["duration_ms"].(float64); !ok {
			t.Errorf("no duration_ms: %.300s", ln)
		}
		cmd, _ := l["command"].(string)
		seen[strings.Fields(cmd)[2]] = true
	}
	if len(lines) != procs || len(seen) != procs {
		t.Errorf("%d lines, %d distinct, want %d", len(lines), len(seen), procs)
	}
}

// A log that cannot be written changes no answer, and says so once.
func TestLogUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o600)
	cmd := hook("--host", "claude", "--fail-closed", "--log="+filepath.Join(file, "log.jsonl"))
	cmd.Stdin = strings.NewReader(rmPayload(1))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	if !strings.Contains(stdout.String(), `"deny"`) || strings.Count(stderr.String(), "decision log cannot be written") != 1 {
		t.Errorf("stdout %q stderr %q", stdout.String(), stderr.String())
	}
	// And an allowed call stays allowed (no fail-closed answer).
	cmd = hook("--host", "claude", "--fail-closed", "--log", filepath.Join(file, "log.jsonl"))
	cmd.Stdin = strings.NewReader(claudePre)
	stdout.Reset()
	stderr.Reset()
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || strings.Contains(stdout.String(), "deny") {
		t.Errorf("ls: %v stdout %q stderr %q", err, stdout.String(), stderr.String())
	}
}

// --log without a path writes to the user's state directory.
func TestLogDefaultPath(t *testing.T) {
	state := t.TempDir()
	cmd := hook("--log", "--host", "claude")
	cmd.Env = append(cmd.Env, "XDG_STATE_HOME="+state)
	cmd.Stdin = strings.NewReader(claudePre)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	want := hooklog.DefaultPath(filepath.Join(state, "agenthooks"), os.Args[0])
	if b, err := os.ReadFile(want); err != nil || !bytes.Contains(b, []byte(`"sent":"none"`)) {
		t.Errorf("%s: %v %q", want, err, b)
	}
}

// --observe: the host gets no opinion; the log has the would-be deny, and
// report counts it. (The command is not rm -rf /, which would delete the
// hook itself: the footing's protection denies that first, with its own
// reason.)
func TestObserveProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	for _, host := range []struct{ name, payload string }{{"claude", rmPayload(7)}, {"gemini", strings.Replace(geminiPre, `"command":"ls"`, `"command":"rm -rf /srv/data"`, 1)}} {
		cmd := hook("--host", host.name, "--observe", "--fail-closed", "--log", path)
		cmd.Stdin = strings.NewReader(host.payload)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil || strings.Contains(stdout.String(), "deny") || strings.Contains(stdout.String(), "block") {
			t.Errorf("%s: observe mode answered %v stdout %q stderr %q", host.name, err, stdout.String(), stderr.String())
		}
	}
	b, _ := os.ReadFile(path)
	if n := bytes.Count(b, []byte(`"sent":"none","would":"deny"`)); n != 2 || bytes.Count(b, []byte(`"observe":true`)) != 2 {
		t.Errorf("log %s", b)
	}
	cmd := hook("report", "--log", path, "--json")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("report: %v", err)
	}
	var rep hooklog.Report
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if rep.Events != 2 || len(rep.WouldDeny) != 2 || rep.WouldDeny[0].N != 1 || len(rep.Reasons) != 1 || rep.Reasons[0].Key != "no rm -rf" {
		t.Errorf("report %s", out)
	}
}

// BenchmarkSpawnLog is a whole hook process answering one event (a deny
// of a 3 KB command), alternately without and with --log, so that both
// see the same machine load. It reports each one's CPU time (user and
// system, from the child's rusage, less noisy than wall time on a busy
// machine) and wall time per spawn, and the ratio of the log's CPU time.
func BenchmarkSpawnLog(b *testing.B) {
	path := filepath.Join(b.TempDir(), "decisions.jsonl")
	payload := rmPayload(1)
	var cpu, wall [2]time.Duration
	n := 0
	for b.Loop() {
		for i, args := range [][]string{{"--host", "claude"}, {"--host", "claude", "--log", path}} {
			cmd := hook(args...)
			cmd.Stdin = strings.NewReader(payload)
			start := time.Now()
			out, err := cmd.Output()
			wall[i] += time.Since(start)
			if err != nil || !bytes.Contains(out, []byte("deny")) {
				b.Fatalf("%v %s", err, out)
			}
			cpu[i] += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		}
		n++
	}
	b.ReportMetric(float64(cpu[0].Nanoseconds())/float64(n), "nolog-cpu-ns/spawn")
	b.ReportMetric(float64(cpu[1].Nanoseconds())/float64(n), "log-cpu-ns/spawn")
	b.ReportMetric(float64(wall[0].Nanoseconds())/float64(n), "nolog-wall-ns/spawn")
	b.ReportMetric(float64(wall[1].Nanoseconds())/float64(n), "log-wall-ns/spawn")
	b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "log/nolog-cpu")
}

// The sample events doctor runs a hook on (HOOKS_DOCTOR=1 in its
// environment) stay out of the decision log (issue 42, item 4: they were
// 28 of 44 logged events in a trial, counted by the report); the hook
// still answers them.
func TestLogLeavesOutDoctorSamples(t *testing.T) {
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	for _, doctor := range []bool{true, false} {
		cmd := hook("--host", "claude", "--log", path)
		if doctor {
			cmd.Env = append(cmd.Env, "HOOKS_DOCTOR=1")
		}
		cmd.Stdin = strings.NewReader(rmPayload(0))
		out, err := cmd.Output()
		if err != nil || !strings.Contains(string(out), `"deny"`) {
			t.Fatalf("doctor %v: %v, answer %q", doctor, err, out)
		}
		b, err := os.ReadFile(path)
		switch {
		case doctor && !os.IsNotExist(err):
			t.Errorf("a doctor sample was logged (%v): %q", err, b)
		case !doctor && (err != nil || bytes.Count(b, []byte("\n")) != 1):
			t.Errorf("a host's event was not logged once (%v): %q", err, b)
		}
	}
}

// The log keeps the host's writing of stdin apart from the hook's own
// time (issue 42, item 5: duration_ms of events piped from a slow writer
// was 1.8 to 3.3 s, read as the policy's cost), and names the user and
// the machine (item 10). In process (Main), so that the writer's pause
// starts when the hook does.
func TestLogStdinTimeAndWho(t *testing.T) {
	const delay = 300 * time.Millisecond
	t.Setenv("USER", "alice")
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	r, w := io.Pipe()
	payload := rmPayload(0)
	go func() {
		io.WriteString(w, payload[:10])
		time.Sleep(delay)
		io.WriteString(w, payload[10:])
		w.Close()
	}()
	var out bytes.Buffer
	if code := Main(context.Background(), processGuard, []string{"--host", "claude", "--log", path}, r, &out, io.Discard); code != 0 || !strings.Contains(out.String(), `"deny"`) {
		t.Fatalf("hook: exit %d, answer %q", code, out.String())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ln hooklog.Line
	if err := json.Unmarshal(b, &ln); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	if ln.StdinMS < float64(delay.Milliseconds()) || ln.StdinMS > ln.DurationMS {
		t.Errorf("stdin_ms %v, duration_ms %v: want the writer's pause of %v in stdin_ms, and stdin_ms within duration_ms", ln.StdinMS, ln.DurationMS, delay)
	}
	host, _ := os.Hostname()
	if ln.User != "alice" || ln.Machine != host {
		t.Errorf("user %q machine %q, want alice and %q", ln.User, ln.Machine, host)
	}
}
