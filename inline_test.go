package hooks_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

func TestInlineMatchesGoroutine(t *testing.T) {
	a := fake{host: "one"}
	panics := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) { panic("boom") }
	fails := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Response{}, errors.New("store down")
	}
	for _, tc := range []struct {
		name    string
		h       hooks.Handlers
		payload string
	}{
		{"deny", hooks.Handlers{PreToolUse: denyRm}, `{"hook_event_name":"Pre","tool":"rm -rf /"}`},
		{"no opinion", hooks.Handlers{PreToolUse: denyRm}, `{"hook_event_name":"Pre","tool":"ls"}`},
		{"not handled", hooks.Handlers{}, `{"hook_event_name":"Pre","tool":"rm -rf /"}`},
		{"malformed", hooks.Handlers{PreToolUse: denyRm, Fail: hooks.FailClosed}, `{"hook_event_name":"Pre"`},
		{"panic", hooks.Handlers{PreToolUse: panics, Fail: hooks.FailClosed}, `{"hook_event_name":"Pre","tool":"ls"}`},
		{"error", hooks.Handlers{PreToolUse: fails}, `{"hook_event_name":"Pre","tool":"ls"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := hooks.Request{Adapter: a, Payload: []byte(tc.payload)}
			want := (&hooks.Server{Handlers: tc.h}).Answer(context.Background(), req)
			req.Late = func(hooks.Result) { t.Error("Late called without a deadline") }
			got := (&hooks.Server{Handlers: tc.h, Inline: true}).Answer(context.Background(), req)
			if string(got.Output.Stdout) != string(want.Output.Stdout) || got.Output.ExitCode != want.Output.ExitCode ||
				(got.Err == nil) != (want.Err == nil) || len(got.Warnings) != len(want.Warnings) {
				t.Errorf("inline answered %+v, not inline %+v", got, want)
			}
		})
	}
}

// A handler that ignores its deadline is answered by the watchdog at the
// deadline, while it still runs; Answer returns once it returns, and
// its late response is not answered a second time.
func TestInlineWatchdog(t *testing.T) {
	release := make(chan struct{})
	stuck := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		<-release
		return hooks.Allow(), nil
	}
	h := hooks.Handlers{PreToolUse: stuck, Fail: hooks.FailClosed, Timeout: 20 * time.Millisecond}
	answers := make(chan hooks.Result, 2)
	var lateCalls, calls atomic.Int32
	returned := make(chan struct{})
	go func() {
		defer close(returned)
		srv := &hooks.Server{Handlers: h, Inline: true}
		res := srv.Answer(context.Background(), hooks.Request{Adapter: fake{host: "one"}, Payload: []byte(`{"hook_event_name":"Pre","tool":"ls"}`),
			Late: func(res hooks.Result) {
				calls.Add(1)
				lateCalls.Add(1)
				answers <- res
			}})
		if !errors.Is(res.Err, context.DeadlineExceeded) {
			t.Errorf("Answer returned %v after a late answer, want the late answer", res.Err)
		}
	}()
	select {
	case res := <-answers:
		if res.Output.Stdout == nil || !errors.Is(res.Err, context.DeadlineExceeded) {
			t.Errorf("watchdog answer = %q, err %v; want the fail-closed deny for a deadline", res.Output.Stdout, res.Err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no answer at the deadline while the handler is stuck")
	}
	select {
	case <-returned:
		t.Fatal("Answer returned before its handler did")
	default:
	}
	close(release)
	<-returned
	if calls.Load() != 1 || lateCalls.Load() != 1 {
		t.Errorf("answer called %d times (%d late), want once, late", calls.Load(), lateCalls.Load())
	}
}

// A cancelled caller is not answered by the watchdog (nobody waits for
// it) but once, by the calling goroutine, with the fail policy.
func TestInlineCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	waits := func(ctx context.Context, _ *hooks.PreToolUseEvent) (hooks.Response, error) {
		cancel()
		<-ctx.Done()
		return hooks.Allow(), nil
	}
	srv := &hooks.Server{Handlers: hooks.Handlers{PreToolUse: waits, Timeout: time.Minute}, Inline: true}
	res := srv.Answer(ctx, hooks.Request{Adapter: fake{host: "one"}, Payload: []byte(`{"hook_event_name":"Pre","tool":"ls"}`),
		Late: func(hooks.Result) { t.Error("Late called for a cancelled caller") }})
	if !errors.Is(res.Err, context.Canceled) {
		t.Errorf("err = %v; want the cancellation", res.Err)
	}
}

// The caller's deadline, when earlier than the handler's budget, is when
// the watchdog answers a handler that ignores its context.
func TestInlineCallerDeadline(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	stuck := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		<-release
		return hooks.Allow(), nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	answered := make(chan bool, 1)
	srv := &hooks.Server{Handlers: hooks.Handlers{PreToolUse: stuck, Fail: hooks.FailClosed, Timeout: time.Hour}, Inline: true}
	go srv.Answer(ctx, hooks.Request{Adapter: fake{host: "one"}, Payload: []byte(`{"hook_event_name":"Pre","tool":"ls"}`),
		Late: func(hooks.Result) { answered <- true }})
	select {
	case late := <-answered:
		if !late {
			t.Error("not answered late while its handler is stuck")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no answer at the caller's deadline")
	}
}

// Request.Checks is the CheckLog that ReportCheck on the handler's
// context appends to, on the calling goroutine (Inline) or not, also
// through a context the handler derives; a CheckLog the caller's context
// carries is not the one written.
func TestRequestChecks(t *testing.T) {
	type key struct{}
	reports := func(ctx context.Context, _ *hooks.PreToolUseEvent) (hooks.Response, error) {
		ctx = context.WithValue(ctx, key{}, 1)
		hooks.ReportCheck(ctx, hooks.Check{Name: "rm-rf", Decision: hooks.DecisionDeny, Note: "src"})
		return hooks.Response{}, nil
	}
	for _, inline := range []bool{false, true} {
		parentCtx, parentLog := hooks.WithCheckLog(context.Background())
		var cl hooks.CheckLog
		srv := &hooks.Server{Handlers: hooks.Handlers{PreToolUse: reports}, Inline: inline}
		srv.Answer(parentCtx, hooks.Request{Adapter: fake{host: "one"}, Payload: []byte(`{"hook_event_name":"Pre","tool":"ls"}`), Checks: &cl})
		got := cl.Checks()
		if len(got) != 1 || got[0].Name != "rm-rf" || got[0].Decision != hooks.DecisionDeny || got[0].Note != "src" {
			t.Errorf("inline %v: Request.Checks holds %+v, want the one check", inline, got)
		}
		if n := len(parentLog.Checks()); n != 0 {
			t.Errorf("inline %v: the caller's CheckLog got %d checks", inline, n)
		}
	}
}
