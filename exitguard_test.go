package hooks_test

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// stuckWriter is a stdout nobody reads: Write blocks until released.
type stuckWriter struct{ release chan struct{} }

func (w stuckWriter) Write(p []byte) (int, error) {
	<-w.release
	return 0, context.Canceled
}

// lockedBuffer is a stderr the guard's timer and the test both touch.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// SECURITY.md: in a hook process (Exit set), neither a stdout the host
// does not read nor an observer that never returns (a decision log that
// blocks) holds the hook past its deadline: at 95% of the host's limit
// the process exits, with one stderr line, with the code of an answer
// not written (2 for a deny), or with the answer's own when it was
// written (the answer stands).
func TestServeExitGuard(t *testing.T) {
	for _, tc := range []struct {
		name     string
		stuckOut bool
		stuckLog bool
		fail     hooks.FailPolicy
		payload  string
		wantCode int
		wantLine string
	}{
		{"stdout not read, deny", true, false, hooks.FailOpen, `{"hook_event_name":"Pre","tool":"rm -rf /"}`, 2, "the answer could not be written in time"},
		{"stdout not read, allow, fail-open", true, false, hooks.FailOpen, `{"hook_event_name":"Pre","tool":"ls"}`, 1, "the answer could not be written in time"},
		{"stdout not read, allow, fail-closed", true, false, hooks.FailClosed, `{"hook_event_name":"Pre","tool":"ls"}`, 2, "the answer could not be written in time"},
		{"log stuck after a deny", false, true, hooks.FailOpen, `{"hook_event_name":"Pre","tool":"rm -rf /"}`, 0, "did not finish in time: the answer written stands"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			release := make(chan struct{})
			defer close(release)
			var stdout bytes.Buffer
			var out interface{ Write([]byte) (int, error) } = &stdout
			if tc.stuckOut {
				out = stuckWriter{release}
			}
			h := hooks.Handlers{PreToolUse: denyRmElseAllow, Fail: tc.fail}
			if tc.stuckLog {
				h.OnResult = func(hooks.Record) { <-release }
			}
			var stderr lockedBuffer
			exited := make(chan int, 2)
			srv := &hooks.Server{Adapters: adapters, Handlers: h, Inline: true, Exit: func(code int) { exited <- code }}
			start := time.Now()
			go srv.Serve(context.Background(), hooks.Request{Host: "one", HostTimeout: time.Second}, strings.NewReader(tc.payload), out, &stderr)
			var code int
			select {
			case code = <-exited:
			case <-time.After(30 * time.Second):
				t.Fatal("Exit was not called: the hook waits without end")
			}
			if took := time.Since(start); took < 900*time.Millisecond {
				t.Errorf("Exit after %v: before the deadline", took)
			}
			if code != tc.wantCode || strings.Count(stderr.String(), tc.wantLine) != 1 {
				t.Errorf("Exit(%d), stderr %q; want Exit(%d) and one line saying %q", code, stderr.String(), tc.wantCode, tc.wantLine)
			}
			if tc.stuckLog && !strings.Contains(stdout.String(), `"deny"`) {
				t.Errorf("stdout %q: want the deny written before the log", stdout.String())
			}
		})
	}
}

// denyRmElseAllow denies rm -rf and allows anything else.
func denyRmElseAllow(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
	if r, _ := denyRm(ctx, ev); !r.IsZero() {
		return r, nil
	}
	return hooks.Allow(), nil
}

// Without Exit (a library's Serve, a test), nothing is armed: a stdout
// that blocks is the caller's, and no timer fires later.
func TestServeNoExitNoGuard(t *testing.T) {
	var stdout, stderr bytes.Buffer
	srv := &hooks.Server{Adapters: adapters, Handlers: hooks.Handlers{PreToolUse: denyRm}, Inline: true}
	if code := srv.Serve(context.Background(), hooks.Request{Host: "one", HostTimeout: 50 * time.Millisecond}, strings.NewReader(`{"hook_event_name":"Pre","tool":"rm -rf /"}`), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d", code)
	}
	time.Sleep(100 * time.Millisecond)
	if stderr.Len() != 0 {
		t.Errorf("stderr %q after the call", stderr.String())
	}
}
