package hookhttp_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
)

// A bridge given several gateways answers from the next one when a
// gateway refuses connections, drops the connection mid-request, hangs,
// or answers 502; a configuration error (401) is not retried elsewhere
// and is answered fail-closed.
func TestBridgeFailover(t *testing.T) {
	closed := guard()
	closed.Fail = hooks.FailClosed
	good := httptest.NewServer(&hookhttp.Handler{Adapters: fakes, Handlers: closed, Auth: hookhttp.Bearer("tok"), Logger: quiet()})
	defer good.Close()

	refusing := httptest.NewServer(http.NotFoundHandler())
	refusingURL := refusing.URL
	refusing.Close() // nothing listens there now

	var dropped atomic.Int32
	dropping := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.ReadAll(r.Body)
		dropped.Add(1)
		c, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			c.Close() // a gateway killed while answering
		}
	}))
	defer dropping.Close()
	hanging := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.ReadAll(r.Body)
		<-r.Context().Done()
	}))
	defer hanging.Close()
	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusBadGateway) }))
	defer bad.Close()
	unauthorized := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusUnauthorized) }))
	defer unauthorized.Close()

	rm := []byte(`{"hook_event_name":"Pre","tool":"rm -rf /"}`)
	ls := []byte(`{"hook_event_name":"Pre","tool":"ls"}`)
	for _, tc := range []struct {
		name  string
		first string
	}{
		{"refused", refusingURL},
		{"dropped mid-request", dropping.URL},
		{"hanging", hanging.URL},
		{"502", bad.URL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			br := hookhttp.Bridge{URL: tc.first + "/hook", Fallback: []string{good.URL + "/hook"}, Token: "tok", Fail: hooks.FailOpen, Timeout: 2 * time.Second}
			start := time.Now()
			rep := br.Forward(context.Background(), fakes[0], rm, 0)
			if rep.Err != nil || !strings.Contains(rep.Stdout, "no rm -rf") {
				t.Errorf("rm -rf: %+v, want the second gateway's deny", rep)
			}
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("took %v, over the budget", took)
			}
			// What the policy allows is allowed: the answer is the
			// gateway's, not a fail policy's.
			if rep := br.Forward(context.Background(), fakes[0], ls, 0); rep.Err != nil || rep.Stdout != "" || rep.ExitCode != 0 {
				t.Errorf("ls: %+v", rep)
			}
		})
	}
	if dropped.Load() == 0 {
		t.Error("the dropping gateway was never asked")
	}
	// Every gateway down: the bridge's own fail policy, with each one's
	// error.
	br := hookhttp.Bridge{URL: refusingURL + "/hook", Fallback: []string{bad.URL + "/hook"}, Fail: hooks.FailClosed}
	rep := br.Forward(context.Background(), fakes[0], ls, 0)
	if rep.Err == nil || !strings.Contains(rep.Err.Error(), "gateway 1:") || !strings.Contains(rep.Err.Error(), "gateway 2: gateway answered 502") || rep.ExitCode != 2 && !strings.Contains(rep.Stdout, "deny") {
		t.Errorf("all down: %+v", rep)
	}
	// 401: not retried (the token is wrong everywhere), fail-closed even
	// under fail-open.
	var asked atomic.Int32
	counting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { asked.Add(1) }))
	defer counting.Close()
	br = hookhttp.Bridge{URL: unauthorized.URL + "/hook", Fallback: []string{counting.URL + "/hook"}, Token: "tok", Fail: hooks.FailOpen}
	rep = br.Forward(context.Background(), fakes[0], ls, 0)
	if !errors.Is(rep.Err, hookhttp.ErrBridgeConfig) || !strings.Contains(rep.Stdout, "deny") || asked.Load() != 0 {
		t.Errorf("401: %+v, fallback asked %d times", rep, asked.Load())
	}
}

// The second gateway is asked with the time the first left: a first
// gateway that hangs uses half the budget, not all of it.
func TestBridgeFailoverBudget(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var first atomic.Value
	hang := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		first.Store(r.Header.Get(hookhttp.HeaderTimeout))
		io.ReadAll(r.Body)
		<-r.Context().Done()
	})}
	go hang.Serve(ln)
	defer hang.Close()
	var second string
	good := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		second = r.Header.Get(hookhttp.HeaderTimeout)
		(&hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: quiet()}).ServeHTTP(w, r)
	}))
	defer good.Close()
	br := hookhttp.Bridge{URL: "http://" + ln.Addr().String() + "/hook", Fallback: []string{good.URL}, Timeout: time.Second}
	rep := br.Forward(context.Background(), fakes[0], []byte(`{"hook_event_name":"Pre","tool":"rm -rf /"}`), 0)
	if rep.Err != nil || !strings.Contains(rep.Stdout, "no rm -rf") {
		t.Fatalf("%+v", rep)
	}
	d1, _ := time.ParseDuration(first.Load().(string))
	d2, _ := time.ParseDuration(second)
	if d1 <= 450*time.Millisecond || d1 > 500*time.Millisecond || d2 <= 400*time.Millisecond || d2 > 500*time.Millisecond {
		t.Errorf("budgets sent: first %v, second %v; want half of 1s, then what is left", d1, d2)
	}
}
