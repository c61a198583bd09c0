package hookhttp_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
)

// holder is a policy whose "hold" command blocks, ignoring its context,
// until release is closed: a handler that overruns its deadline and
// keeps running (a parser that does not check its context). started
// receives one value per held call.
type holder struct {
	started chan struct{}
	release chan struct{}
}

func newHolder() *holder {
	return &holder{started: make(chan struct{}, 16), release: make(chan struct{})}
}

func (h *holder) handlers(fail hooks.FailPolicy) hooks.Handlers {
	g := guard()
	pre := g.PreToolUse
	g.PreToolUse = func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if ev.Tool.Input.(*hooks.ShellInput).Command == "hold" {
			h.started <- struct{}{}
			<-h.release
			return hooks.Allow(), nil
		}
		return pre(ctx, ev)
	}
	g.Fail = fail
	g.Timeout = 20 * time.Millisecond
	return g
}

// waitIdle waits until no request holds a place in g (a released handler
// gives its place back just after it returns).
func waitIdle(t *testing.T, g *hookhttp.Handler) {
	t.Helper()
	for i := 0; g.InFlight() != 0; i++ {
		if i > 5000 {
			t.Fatalf("InFlight = %d long after every handler returned", g.InFlight())
		}
		time.Sleep(time.Millisecond)
	}
}

// Past MaxInFlight, a request is answered at once with the fail policy,
// for its event; handlers past their deadline keep their place until they
// return, and then the gateway answers normally again.
func TestHandlerBusy(t *testing.T) {
	for _, tc := range []struct {
		fail     hooks.FailPolicy
		wantBusy string
	}{
		{hooks.FailClosed, `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: gateway busy: too many requests in flight (Handler.MaxInFlight)"}` + "\n"},
		{hooks.FailOpen, ""},
	} {
		t.Run(tc.fail.String(), func(t *testing.T) {
			h := newHolder()
			g := &hookhttp.Handler{Adapters: fakes, Handlers: h.handlers(tc.fail), Logger: quiet(), MaxInFlight: 2}
			var wg sync.WaitGroup
			for range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"hold"}`)
				}()
				<-h.started
			}
			if n := g.InFlight(); n != 2 {
				t.Fatalf("InFlight = %d with two handlers running, want 2", n)
			}
			rec := post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"rm -rf /"}`)
			if rec.Code != 200 || rec.Body.String() != tc.wantBusy {
				t.Errorf("busy: %d %q, want 200 %q", rec.Code, rec.Body.String(), tc.wantBusy)
			}
			// A large body is read only up to BusyPeek: answered for the
			// event its members before the cap name.
			big := `{"hook_event_name":"Pre","tool":"rm -rf /","pad":"` + strings.Repeat("x", hookhttp.BusyPeek) + `"}`
			rec = post(g, "/?host=one", big)
			if want := tc.wantBusy; rec.Code != 200 || rec.Body.String() != want {
				t.Errorf("busy, large body: %d %q, want 200 %q", rec.Code, rec.Body.String(), want)
			}
			if n := g.InFlight(); n != 2 {
				t.Errorf("InFlight = %d after busy answers, want 2", n)
			}
			close(h.release)
			wg.Wait()
			waitIdle(t, g)
			rec = post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"rm -rf /"}`)
			if want := `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"; rec.Body.String() != want {
				t.Errorf("after the held handlers returned: %q, want %q", rec.Body.String(), want)
			}
		})
	}
}

// The envelope wire gets the busy answer as an envelope, with the
// fail policy's note.
func TestHandlerBusyEnvelope(t *testing.T) {
	h := newHolder()
	g := &hookhttp.Handler{Adapters: fakes, Handlers: h.handlers(hooks.FailClosed), Logger: quiet(), MaxInFlight: 1}
	done := make(chan struct{})
	go func() {
		defer close(done)
		post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"hold"}`)
	}()
	<-h.started
	rec := post(g, "/", `{"hook_event_name":"Pre","tool":"ls"}`, hookhttp.HeaderWire, hookhttp.WireEnvelope, hookhttp.HeaderHost, "two")
	want := `{"host":"two","notes":["hooks: fail-closed: gateway busy: too many requests in flight (Handler.MaxInFlight)"],"stdout":"{\"decision\":\"deny\",\"event\":\"Pre\",\"reason\":\"hook failed, blocked by its fail-closed policy: gateway busy: too many requests in flight (Handler.MaxInFlight)\"}\n","exit_code":0,"blocks":true}` + "\n"
	if rec.Code != 200 || rec.Body.String() != want {
		t.Errorf("busy envelope: %d %s\nwant %s", rec.Code, rec.Body.String(), want)
	}
	close(h.release)
	<-done
}

// A negative MaxInFlight sets no cap.
func TestHandlerNoCap(t *testing.T) {
	h := newHolder()
	g := &hookhttp.Handler{Adapters: fakes, Handlers: h.handlers(hooks.FailClosed), Logger: quiet(), MaxInFlight: -1}
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"hold"}`)
		}()
		<-h.started
	}
	rec := post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"rm -rf /"}`)
	if want := `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"; rec.Body.String() != want {
		t.Errorf("no cap: %q, want %q", rec.Body.String(), want)
	}
	close(h.release)
	wg.Wait()
}

// noFlush is a ResponseWriter that cannot flush (a middleware's wrapper):
// the gateway then runs the handler on a goroutine of its own.
type noFlush struct{ rec *httptest.ResponseRecorder }

func (w noFlush) Header() http.Header         { return w.rec.Header() }
func (w noFlush) Write(b []byte) (int, error) { return w.rec.Write(b) }
func (w noFlush) WriteHeader(code int)        { w.rec.WriteHeader(code) }

// Where the handler runs on a goroutine of its own, ServeHTTP returns at
// the deadline with the fail policy's answer, the handler's context ends
// then, and the handler keeps its place until it returns.
func TestHandlerDetachedContextAndPlace(t *testing.T) {
	h := newHolder()
	handlers := h.handlers(hooks.FailClosed)
	ctxDone := make(chan error, 1)
	hold := handlers.PreToolUse
	handlers.PreToolUse = func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if ev.Tool.Input.(*hooks.ShellInput).Command == "watch" {
			<-ctx.Done()
			ctxDone <- context.Cause(ctx)
			<-h.release
			return hooks.Allow(), nil
		}
		return hold(ctx, ev)
	}
	g := &hookhttp.Handler{Adapters: fakes, Handlers: handlers, Logger: quiet()}
	req := httptest.NewRequest(http.MethodPost, "/?host=one", strings.NewReader(`{"hook_event_name":"Pre","tool":"watch"}`))
	rec := httptest.NewRecorder()
	g.ServeHTTP(noFlush{rec}, req)
	if !strings.Contains(rec.Body.String(), "did not answer in time") {
		t.Errorf("late answer: %q", rec.Body.String())
	}
	if err := <-ctxDone; err == nil {
		t.Error("the handler's context did not end")
	}
	if n := g.InFlight(); n != 1 {
		t.Errorf("InFlight = %d while the handler runs on, want 1", n)
	}
	close(h.release)
	waitIdle(t, g)
}

// A handler's context ends when the client goes away, so that it can stop
// working for no one.
func TestHandlerContextEndsWhenClientLeaves(t *testing.T) {
	ended := make(chan struct{})
	started := make(chan struct{})
	handlers := hooks.Handlers{Timeout: time.Hour, PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		close(started)
		<-ctx.Done()
		close(ended)
		return hooks.Response{}, ctx.Err()
	}}
	gw, err := hookhttp.StartLocal(&hookhttp.Handler{Adapters: fakes, Handlers: handlers, Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer gw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, gw.URL+"/?host=one", strings.NewReader(`{"hook_event_name":"Pre","tool":"ls"}`))
	errc := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	<-started
	cancel()
	<-ended // hangs (test timeout) if the context never ends
	if err := <-errc; err == nil {
		t.Error("the cancelled request got an answer")
	}
}

// While the heap holds more than MaxHeap, requests get the fail policy at
// once; once it holds less again, the policy answers.
func TestHandlerMaxHeap(t *testing.T) {
	runtime.GC()
	g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: quiet(), MaxHeap: heapNow() + 64<<20}
	g.Handlers.Fail = hooks.FailClosed
	deny := `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"
	busy := `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: gateway busy: heap over its limit (Handler.MaxHeap)"}` + "\n"
	ask := func() string {
		return post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"rm -rf /"}`).Body.String()
	}
	// until waits for the answer to become want: the heap is read at
	// most every 10 ms.
	until := func(want string) {
		t.Helper()
		for i := 0; ; i++ {
			got := ask()
			if got == want {
				return
			}
			if i > 2000 {
				t.Fatalf("answer %q, want %q", got, want)
			}
			time.Sleep(time.Millisecond)
		}
	}
	until(deny)
	hog := make([]byte, 128<<20)
	for i := range hog {
		hog[i] = 1
	}
	until(busy)
	if n := g.InFlight(); n != 0 {
		t.Errorf("InFlight = %d after refusals", n)
	}
	runtime.KeepAlive(hog)
	hog = nil
	runtime.GC()
	until(deny)
}

// SECURITY.md: MaxHeap acts on the work in flight: a handler running
// when the heap goes over has its context ended (cause ErrHeap), and a
// tool call so cut short gets Handlers.Unchecked's answer (the guard's
// rule 4 deny), not the fail policy, even with fail-open.
func TestHandlerMaxHeapInFlight(t *testing.T) {
	runtime.GC()
	h := guard()
	h.Timeout = time.Minute
	h.Unchecked = func(_ hooks.Event, err error) hooks.Response {
		return hooks.Deny("not checked in time: " + err.Error())
	}
	g := &hookhttp.Handler{Adapters: fakes, Handlers: h, Logger: quiet(), MaxHeap: heapNow() + 64<<20}
	got := make(chan string, 1)
	go func() { got <- post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"sleep"}`).Body.String() }()
	for i := 0; g.InFlight() == 0; i++ {
		if i > 5000 {
			t.Fatal("the request did not start")
		}
		time.Sleep(time.Millisecond)
	}
	hog := make([]byte, 128<<20)
	for i := range hog {
		hog[i] = 1
	}
	select {
	case body := <-got:
		want := `{"decision":"deny","event":"Pre","reason":"not checked in time: handler did not answer in time: gateway busy: heap over its limit (Handler.MaxHeap)"}` + "\n"
		if body != want {
			t.Errorf("%q, want %q", body, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the handler in flight was not cut short by the heap over its limit")
	}
	runtime.KeepAlive(hog)
}

// Handlers that run on OverdueGrace past their deadline count against
// MaxOverdue: past it, requests get the fail policy at once, and once
// they return the policy answers again.
func TestHandlerMaxOverdue(t *testing.T) {
	h := newHolder()
	g := &hookhttp.Handler{Adapters: fakes, Handlers: h.handlers(hooks.FailClosed), Logger: quiet(), MaxOverdue: 1}
	done := make(chan struct{})
	go func() {
		defer close(done)
		post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"hold"}`)
	}()
	<-h.started
	overdue := `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: gateway busy: too many handlers running past their deadline (Handler.MaxOverdue)"}` + "\n"
	deny := `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"
	// The held handler's deadline is 20 ms; it counts 100 ms later.
	for i := 0; ; i++ {
		got := post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"rm -rf /"}`).Body.String()
		if got == overdue {
			break
		}
		if got != deny || i > 5000 {
			t.Fatalf("answer %q while a handler overruns", got)
		}
		time.Sleep(time.Millisecond)
	}
	close(h.release)
	<-done
	waitIdle(t, g)
	if got := post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"rm -rf /"}`).Body.String(); got != deny {
		t.Errorf("after the handler returned: %q, want %q", got, deny)
	}
}

// SECURITY.md: the number of calls at once is the model's doing too: a
// tool call refused for the gateway's load (ErrBusy, ErrHeap, ErrOverdue
// wrap hooks.ErrOverload) gets Handlers.Unchecked's answer when set, not
// the fail policy.
func TestHandlerBusyUnchecked(t *testing.T) {
	for _, err := range []error{hookhttp.ErrBusy, hookhttp.ErrHeap, hookhttp.ErrOverdue} {
		if !errors.Is(err, hooks.ErrOverload) {
			t.Errorf("%v does not wrap hooks.ErrOverload", err)
		}
	}
	h := newHolder()
	hs := h.handlers(hooks.FailOpen)
	hs.Unchecked = func(_ hooks.Event, err error) hooks.Response { return hooks.Deny("not checked: " + err.Error()) }
	g := &hookhttp.Handler{Adapters: fakes, Handlers: hs, Logger: quiet(), MaxInFlight: 1}
	var wg sync.WaitGroup
	wg.Go(func() { post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"hold"}`) })
	<-h.started
	rec := post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"rm -rf /"}`)
	if want := `{"decision":"deny","event":"Pre","reason":"not checked: gateway busy: too many requests in flight (Handler.MaxInFlight)"}` + "\n"; rec.Body.String() != want {
		t.Errorf("busy: %q, want %q", rec.Body.String(), want)
	}
	close(h.release)
	wg.Wait()
	waitIdle(t, g)
}
