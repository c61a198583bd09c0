package hookmain_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/agenthooks/hooks/writes"
)

// FuzzServe feeds arbitrary stdin to the full binary path (hookmain.Main)
// for every host, fail-closed, with and without --host: it must never
// panic, exit only 0 or 2, keep stdout to one JSON object (or nothing) and
// never write more than a few stderr lines.
func FuzzServe(f *testing.F) {
	for _, p := range goodPre {
		f.Add([]byte(p))
	}
	files, _ := filepath.Glob("../examples/guard/testdata/*.json")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"hook_event_name":"Stop","stop_hook_active":true}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, args := range [][]string{{"--fail-closed"}, {"--host", "claude", "--fail-closed"}, {"--host", "cursor", "--fail-closed"},
			{"--host", "gemini", "--fail-closed"}, {"--host", "codex", "--fail-closed"}} {
			var stdout, stderr bytes.Buffer
			code := hookmain.Main(context.Background(), guard, args, bytes.NewReader(in), &stdout, &stderr)
			if code != 0 && code != 2 {
				t.Fatalf("%v: exit %d", args, code)
			}
			host := "detected"
			if len(args) > 1 {
				host = args[1]
			}
			hosttest.CheckHygiene(t, hooks.Host(host), hooks.Output{Stdout: stdout.Bytes()})
			if n := strings.Count(stderr.String(), "\n"); n > 4 {
				t.Fatalf("%v: %d stderr lines: %q", args, n, stderr.String())
			}
		}
	})
}

// FuzzDetect checks that detection never panics and, when it picks a
// host, that host's adapter can be asked to parse the payload.
func FuzzDetect(f *testing.F) {
	for _, p := range goodPre {
		f.Add([]byte(p))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		a, err := hooks.Detect(builtin.Adapters(), in)
		if err == nil {
			a.Parse(in)
		}
	})
}

// writesGuard is a path policy as a real hook has one: it parses a shell
// command (writes.Of, under the handler's context) and denies what it cannot judge.
var writesGuard = hooks.Handlers{Fail: hooks.FailClosed, PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
	if ev.Tool.InputErr != nil {
		return hooks.Deny("unreadable"), nil
	}
	ws, err := writes.Of(ctx, &ev.Tool, ev.Cwd)
	if err != nil {
		return hooks.Deny("cannot tell what it writes"), nil
	}
	for _, w := range ws {
		if w.Name == ".env" {
			return hooks.Deny("no .env"), nil
		}
	}
	return hooks.Response{}, nil
}}

// FuzzServeBounded feeds arbitrary stdin to the serving path of a hook
// process (hooks.Server.Serve inline, as hookmain.Run runs it, with a
// policy that parses shell commands) on every host: it must never panic,
// exit only 0 or 2, and answer by the invocation's deadline (90% of the
// 1 s given as the host's limit, plus a generous margin for a loaded
// machine), through the watchdog if the handler is still running then.
func FuzzServeBounded(f *testing.F) {
	for _, p := range goodPre {
		f.Add([]byte(p))
	}
	f.Add([]byte(strings.Replace(goodPre["claude"], "rm -rf build", strings.Repeat("$(", 2000)+"x"+strings.Repeat(")", 2000), 1)))
	f.Add([]byte(strings.Replace(goodPre["codex"], "rm -rf build", "echo > .env", 1)))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, host := range []hooks.Host{"claude", "cursor", "gemini", "codex", "copilot", "qwen", "droid"} {
			var mu sync.Mutex
			var answered time.Duration
			var codes []int
			start := time.Now()
			srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: writesGuard, Inline: true, Exit: func(code int) {
				mu.Lock()
				defer mu.Unlock()
				answered, codes = time.Since(start), append(codes, code)
			}}
			var stdout, stderr bytes.Buffer
			code := srv.Serve(context.Background(), hooks.Request{Host: host, HostTimeout: time.Second}, bytes.NewReader(in), &stdout, &stderr)
			mu.Lock()
			if codes == nil {
				answered, codes = time.Since(start), []int{code}
			}
			d, c := answered, codes
			mu.Unlock()
			if d > 900*time.Millisecond+5*time.Second {
				t.Fatalf("%s: answered after %v", host, d)
			}
			if len(c) != 1 || c[0] != 0 && c[0] != 2 {
				t.Fatalf("%s: exit codes %v", host, c)
			}
			hosttest.CheckHygiene(t, host, hooks.Output{Stdout: stdout.Bytes()})
		}
	})
}
