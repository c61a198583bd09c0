package hookhttp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
)

// post sends body to h directly and returns the recorded answer.
func post(h http.Handler, target, body string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(body))
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

func TestHandlerPlain(t *testing.T) {
	closed := guard()
	closed.Fail = hooks.FailClosed
	tests := []struct {
		name       string
		h          hooks.Handlers
		target     string
		body       string
		header     []string
		wantStatus int
		wantBody   string
	}{
		{name: "deny, host by query", h: guard(), target: "/?host=one", body: `{"hook_event_name":"Pre","tool":"rm -rf /"}`,
			wantStatus: 200, wantBody: `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"},
		{name: "deny, host by header", h: guard(), target: "/", header: []string{hookhttp.HeaderHost, "two"}, body: `{"hook_event_name":"Pre","tool":"rm -rf /"}`,
			wantStatus: 200, wantBody: `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"},
		{name: "deny, host detected", h: guard(), target: "/", body: `{"host":"two","hook_event_name":"Pre","tool":"rm -rf /"}`,
			wantStatus: 200, wantBody: `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"},
		{name: "no opinion is 200 and an empty body", h: guard(), target: "/?host=one", body: `{"hook_event_name":"Pre","tool":"ls"}`, wantStatus: 200},
		{name: "a deny the host cannot honour is dropped", h: guard(), target: "/?host=one", body: `{"hook_event_name":"Weird"}`, wantStatus: 200},
		{name: "unparseable, fail-open", h: guard(), target: "/?host=one", body: `{"tool":"rm -rf /"}`, wantStatus: 200},
		{name: "unparseable, fail-closed", h: closed, target: "/?host=one", body: `not json`,
			wantStatus: 200, wantBody: `{"decision":"block","reason":"hook failed, blocked by its fail-closed policy: parse one payload: invalid character 'o' in literal null (expecting 'u')"}` + "\n"},
		{name: "unknown host, fail-closed", h: closed, target: "/?host=nine", body: `{"hook_event_name":"Pre","tool":"ls"}`,
			wantStatus: 200, wantBody: `{"decision":"block","reason":"hook failed, blocked by its fail-closed policy: cannot tell which host sent this payload: unknown host \"nine\" (known: one, two)"}` + "\n"},
		{name: "unknown host is a configuration error, under fail-open too", h: guard(), target: "/?host=nine", body: `{"hook_event_name":"Pre","tool":"ls"}`,
			wantStatus: 200, wantBody: `{"decision":"block","reason":"hook failed, blocked by its fail-closed policy: cannot tell which host sent this payload: unknown host \"nine\" (known: one, two)"}` + "\n"},
		{name: "unknown host by header, fail-open, detectable payload", h: guard(), target: "/", header: []string{hookhttp.HeaderHost, "nine"}, body: `{"host":"two","hook_event_name":"Pre","tool":"ls"}`,
			wantStatus: 200, wantBody: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: cannot tell which host sent this payload: unknown host \"nine\" (known: one, two)"}` + "\n"},
		{name: "conflicting hosts, fail-open", h: guard(), target: "/?host=one", header: []string{hookhttp.HeaderHost, "two"}, body: `{"hook_event_name":"Pre","tool":"ls"}`,
			wantStatus: 200, wantBody: `{"decision":"block","reason":"hook failed, blocked by its fail-closed policy: cannot tell which host sent this payload: the host query parameter and X-Hooks-Host disagree"}` + "\n"},
		{name: "conflicting hosts, fail-closed", h: closed, target: "/?host=one", header: []string{hookhttp.HeaderHost, "two"}, body: `{"hook_event_name":"Pre","tool":"rm -rf /"}`,
			wantStatus: 200, wantBody: `{"decision":"block","reason":"hook failed, blocked by its fail-closed policy: cannot tell which host sent this payload: the host query parameter and X-Hooks-Host disagree"}` + "\n"},
		{name: "undetectable, fail-open", h: guard(), target: "/", body: `{"hook_event_name":"Pre","tool":"rm -rf /"}`, wantStatus: 200},
		{name: "handler panic, fail-closed", h: closed, target: "/?host=one", body: `{"hook_event_name":"Pre","tool":"panic"}`,
			wantStatus: 200, wantBody: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: handler: panic: handler bug"}` + "\n"},
		{name: "adapter panic, fail-closed", h: closed, target: "/?host=one", body: `{"hook_event_name":"Pre","boom":true}`,
			wantStatus: 200, wantBody: `{"decision":"block","reason":"hook failed, blocked by its fail-closed policy: internal error in the gateway"}` + "\n"},
		{name: "adapter panic, fail-open", h: guard(), target: "/?host=one", body: `{"hook_event_name":"Pre","boom":true}`, wantStatus: 200},
		{name: "unsupported wire", h: guard(), target: "/?host=one", header: []string{hookhttp.HeaderWire, "envelope/9"}, body: `{"hook_event_name":"Pre","tool":"rm -rf /"}`,
			wantStatus: 400, wantBody: "unsupported X-Hooks-Wire\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &hookhttp.Handler{Adapters: fakes, Handlers: tt.h, Logger: quiet()}
			rec := post(g, tt.target, tt.body, tt.header...)
			if rec.Code != tt.wantStatus {
				t.Errorf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			if got := rec.Body.String(); got != tt.wantBody {
				t.Errorf("body = %q\nwant   %q", got, tt.wantBody)
			}
			if rec.Code == 200 && rec.Body.Len() > 0 {
				if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
					t.Errorf("Content-Type = %q", ct)
				}
				if !json.Valid(rec.Body.Bytes()) {
					t.Errorf("body is not JSON")
				}
			}
			if rec.Header().Get(hookhttp.HeaderWire) != "" {
				t.Errorf("a plain answer carries %s", hookhttp.HeaderWire)
			}
		})
	}
}

func TestHandlerMethod(t *testing.T) {
	g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: quiet()}
	for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
		req := httptest.NewRequest(m, "/?host=one", strings.NewReader(`{"hook_event_name":"Pre","tool":"rm -rf /"}`))
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, req)
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "POST" {
			t.Errorf("%s: status %d, Allow %q", m, rec.Code, rec.Header().Get("Allow"))
		}
	}
}

// TestHandlerEnvelopeMatchesServe checks that the envelope holds exactly
// what hooks.Server.Serve writes for the same payload, warnings included.
func TestHandlerEnvelopeMatchesServe(t *testing.T) {
	closed := guard()
	closed.Fail = hooks.FailClosed
	const rm = `{"hook_event_name":"Pre","tool":"rm -rf /"}`
	cases := []struct {
		name string
		h    hooks.Handlers
		host string
		body string
	}{
		{"deny", guard(), "one", `{"hook_event_name":"Pre","tool":"rm -rf /"}`},
		{"none", guard(), "one", `{"hook_event_name":"Pre","tool":"ls"}`},
		{"ask becomes deny with a warning", guard(), "one", `{"hook_event_name":"Pre","tool":"ask"}`},
		{"dropped deny warns", guard(), "two", `{"hook_event_name":"Start"}`},
		{"dropped deny on an unknown event", guard(), "one", `{"hook_event_name":"Weird"}`},
		{"universal block", closed, "one", `{"hook_event_name":"Pre","tool":7}`},
		{"parse failure, open", guard(), "one", `[1,2]`},
		{"parse failure, closed", closed, "one", `[1,2]`},
		{"handler panic, closed", closed, "two", `{"hook_event_name":"Pre","tool":"panic"}`},
		{"detected", guard(), "", `{"host":"one","hook_event_name":"Pre","tool":"rm -rf x"}`},
		{"undetectable, closed", closed, "", `{"hook_event_name":"Pre"}`},
		// The body is read by the core's bounded read, as stdin is: the
		// same cap, the same ErrTooLarge answer.
		{"at the cap", capped(closed, len(rm)), "one", rm},
		{"oversize, closed", capped(closed, len(rm)-1), "one", rm},
		{"oversize, open", capped(guard(), len(rm)-1), "one", rm},
		{"oversize, detected, closed", capped(closed, 8), "", `{"host":"one","hook_event_name":"Pre","tool":"rm -rf x"}`},
		{"oversize, undetectable, closed", capped(closed, 8), "", rm},
		{"oversize by the default cap, closed", closed, "one", `{"hook_event_name":"Pre","tool":"` + strings.Repeat("a", hooks.DefaultMaxInput) + `"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := &hookhttp.Handler{Adapters: fakes, Handlers: c.h, Logger: quiet()}
			hdr := []string{hookhttp.HeaderWire, hookhttp.WireEnvelope}
			var args []string
			if c.host != "" {
				hdr = append(hdr, hookhttp.HeaderHost, c.host)
				args = []string{"--host", c.host}
			}
			rec := post(g, "/", c.body, hdr...)
			if rec.Code != 200 || rec.Header().Get(hookhttp.HeaderWire) != hookhttp.WireEnvelope {
				t.Fatalf("status %d, wire %q", rec.Code, rec.Header().Get(hookhttp.HeaderWire))
			}
			var rep hookhttp.Reply
			if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
				t.Fatal(err)
			}
			var o, e bytes.Buffer
			code := rep.Write(&o, &e)
			wo, we, wc := serveLocal(fakes, c.h, c.body, args...)
			if o.String() != wo || e.String() != we || code != wc {
				t.Errorf("envelope wrote\n stdout %q\n stderr %q\n exit %d\nServe wrote\n stdout %q\n stderr %q\n exit %d", o.String(), e.String(), code, wo, we, wc)
			}
		})
	}
}

// capped is h with a payload size cap of n bytes.
func capped(h hooks.Handlers, n int) hooks.Handlers {
	h.MaxInput = int64(n)
	return h
}

func TestHandlerAuth(t *testing.T) {
	const token = "s3cret-token-value"
	var logs bytes.Buffer
	g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Auth: hookhttp.Bearer(token),
		Logger: slog.New(slog.NewJSONHandler(&logs, nil))}
	body := `{"hook_event_name":"Pre","tool":"rm -rf /"}`
	for _, auth := range []string{"", "Bearer", "Bearer ", "Bearer wrong", "Basic " + token, "Bearer " + token + "x", "bearer" + token} {
		for _, env := range []bool{false, true} {
			hdr := []string{"Authorization", auth}
			if env {
				hdr = append(hdr, hookhttp.HeaderWire, hookhttp.WireEnvelope)
			}
			rec := post(g, "/?host=one", body, hdr...)
			if rec.Code != http.StatusUnauthorized {
				t.Errorf("Authorization %q: status %d, want 401", auth, rec.Code)
			}
			if rec.Header().Get("WWW-Authenticate") == "" {
				t.Errorf("Authorization %q: no WWW-Authenticate", auth)
			}
			if strings.Contains(rec.Body.String(), token) || strings.Contains(rec.Body.String(), "rm -rf") {
				t.Errorf("401 body echoes the request: %q", rec.Body.String())
			}
		}
	}
	rec := post(g, "/?host=one", body, "Authorization", "Bearer "+token)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"deny"`) {
		t.Errorf("good token: %d %q", rec.Code, rec.Body.String())
	}
	rec = post(g, "/?host=one", body, "Authorization", "bearer  "+token+" ")
	if rec.Code != 200 {
		t.Errorf("scheme is case-insensitive and the token is trimmed: status %d", rec.Code)
	}
	if strings.Contains(logs.String(), token) || strings.Contains(logs.String(), "rm -rf") {
		t.Errorf("logs hold the token or the payload:\n%s", logs.String())
	}
}

// failReader fails the test when read: the body of a refused request is
// never read.
type failReader struct{ t *testing.T }

func (f failReader) Read([]byte) (int, error) {
	f.t.Error("the body was read")
	return 0, io.EOF
}

func TestHandlerAuthBeforeBody(t *testing.T) {
	g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Auth: hookhttp.Bearer("tok"), Logger: quiet()}
	req := httptest.NewRequest(http.MethodPost, "/?host=one", failReader{t})
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, req)
	if rec.Code != 401 {
		t.Errorf("status %d", rec.Code)
	}
}

// countingReader counts the bytes read from it: an endless body.
type countingReader struct{ n int64 }

func (c *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	c.n += int64(len(p))
	return len(p), nil
}

func TestHandlerOversize(t *testing.T) {
	const limit = 1 << 10
	closed := guard()
	closed.Fail = hooks.FailClosed
	closed.MaxInput = limit
	open := guard()
	open.MaxInput = limit
	// An event that is no tool call: over the cap, the fail policy
	// answers (a tool call gets Tool.InputErr: TestHandlerOversizeToolCall).
	big := `{"hook_event_name":"Mystery","tool":"` + strings.Repeat("a", limit) + `"}`
	wantBlock := `{"decision":"block","reason":"hook failed, blocked by its fail-closed policy: payload too large: more than 1024 bytes"}` + "\n"

	t.Run("known length, closed", func(t *testing.T) {
		g := &hookhttp.Handler{Adapters: fakes, Handlers: closed, Logger: quiet()}
		rec := post(g, "/?host=one", big)
		if rec.Code != 200 || rec.Body.String() != wantBlock {
			t.Errorf("%d %q", rec.Code, rec.Body.String())
		}
	})
	t.Run("known length, open", func(t *testing.T) {
		g := &hookhttp.Handler{Adapters: fakes, Handlers: open, Logger: quiet()}
		rec := post(g, "/?host=one", big)
		if rec.Code != 200 || rec.Body.Len() != 0 {
			t.Errorf("%d %q", rec.Code, rec.Body.String())
		}
	})
	for name, length := range map[string]int64{"endless chunked body": -1, "endless body of a huge declared length": 1 << 40} {
		t.Run(name+" is not read past the cap", func(t *testing.T) {
			g := &hookhttp.Handler{Adapters: fakes, Handlers: closed, Logger: quiet()}
			cr := &countingReader{}
			req := httptest.NewRequest(http.MethodPost, "/?host=one", cr)
			req.ContentLength = length
			rec := httptest.NewRecorder()
			g.ServeHTTP(rec, req)
			if rec.Code != 200 || rec.Body.String() != wantBlock {
				t.Errorf("%d %q", rec.Code, rec.Body.String())
			}
			if cr.n > 64<<10 { // at most the cap, and at most 64 KiB, to tell the event
				t.Errorf("read %d bytes of an endless body of length %d", cr.n, length)
			}
		})
	}
	t.Run("unknown host, closed: universal block", func(t *testing.T) {
		g := &hookhttp.Handler{Adapters: fakes, Handlers: closed, Logger: quiet()}
		rec := post(g, "/", big)
		if rec.Code != 200 || rec.Body.String() != wantBlock {
			t.Errorf("%d %q", rec.Code, rec.Body.String())
		}
	})
	t.Run("over a real connection", func(t *testing.T) {
		srv := httptest.NewServer(&hookhttp.Handler{Adapters: fakes, Handlers: closed, Logger: quiet()})
		defer srv.Close()
		resp, err := http.Post(srv.URL+"/?host=one", "application/json", strings.NewReader(big+strings.Repeat(" ", 1<<20)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(b) != wantBlock {
			t.Errorf("%d %q", resp.StatusCode, b)
		}
	})
}

// A tool call over the cap reaches its handler with Tool.InputErr
// (wrapping hooks.ErrTooLarge), read from the members before the cap: the
// model wrote its size, and a guard denies it under either fail policy.
func TestHandlerOversizeToolCall(t *testing.T) {
	h := hooks.Handlers{MaxInput: 1 << 10, PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if errors.Is(ev.Tool.InputErr, hooks.ErrTooLarge) {
			return hooks.Deny("unreadable: " + ev.Tool.InputErr.Error()), nil
		}
		return hooks.Response{}, nil
	}}
	big := `{"hook_event_name":"Pre","tool":"rm -rf / ` + strings.Repeat("a", 4<<10) + `"}`
	g := &hookhttp.Handler{Adapters: fakes, Handlers: h, Logger: quiet()}
	rec := post(g, "/?host=one", big)
	if want := `{"decision":"deny","event":"Pre","reason":"unreadable: payload too large: more than 1024 bytes: the sh call's payload is past the hook's size cap (Handlers.MaxInput), so it cannot be read whole"}` + "\n"; rec.Code != 200 || rec.Body.String() != want {
		t.Errorf("%d %q, want %q", rec.Code, rec.Body.String(), want)
	}
}

func TestHandlerTimeout(t *testing.T) {
	closed := guard()
	closed.Fail = hooks.FailClosed
	g := &hookhttp.Handler{Adapters: fakes, Handlers: closed, Logger: quiet()}
	for _, target := range []string{"/?host=one&timeout=0.2", "/?host=one&timeout=10s"} {
		start := time.Now()
		rec := post(g, target, `{"hook_event_name":"Pre","tool":"sleep"}`, hookhttp.HeaderTimeout, "200ms")
		took := time.Since(start)
		if took < 150*time.Millisecond || took > 2*time.Second {
			t.Errorf("%s: answered after %v, want about 180ms (90%% of 200ms)", target, took)
		}
		if !strings.Contains(rec.Body.String(), `"decision":"deny"`) || !strings.Contains(rec.Body.String(), "did not answer in time") {
			t.Errorf("%s: %q", target, rec.Body.String())
		}
	}
}

func TestHandlerLogs(t *testing.T) {
	var buf bytes.Buffer
	g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: slog.New(slog.NewJSONHandler(&buf, nil))}
	post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"rm -rf /home/dev/SECRET"}`)
	post(g, "/?host=two", `{"hook_event_name":"Pre","tool":"panic"}`, hookhttp.HeaderWire, hookhttp.WireEnvelope)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d log lines, want 2:\n%s", len(lines), buf.String())
	}
	var first, second map[string]any
	json.Unmarshal([]byte(lines[0]), &first)
	json.Unmarshal([]byte(lines[1]), &second)
	want := map[string]any{"msg": "hook", "level": "INFO", "host": "one", "event": "Pre", "tool": "sh", "decision": "deny", "status": 200.0, "wire": "http"}
	for k, v := range want {
		if first[k] != v {
			t.Errorf("first record %s = %v, want %v", k, first[k], v)
		}
	}
	if _, ok := first["latency"]; !ok {
		t.Error("no latency")
	}
	if second["level"] != "WARN" || second["fail"] != "handler: panic: handler bug" || second["policy"] != "open" || second["wire"] != "envelope" || second["err"] != "handler: panic: handler bug" {
		t.Errorf("second record: %v", second)
	}
	if strings.Contains(buf.String(), "SECRET") {
		t.Errorf("the payload is logged:\n%s", buf.String())
	}
}

// TestHandlerSlowClient checks the server settings against slow clients: a
// client that dribbles its body is cut off at ReadTimeout and gets no
// decision, while other clients are answered meanwhile.
func TestHandlerSlowClient(t *testing.T) {
	g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: quiet()}
	srv := httptest.NewUnstartedServer(g)
	srv.Config.ReadHeaderTimeout = 200 * time.Millisecond
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()

	slow := func(t *testing.T, headerOnly bool) {
		conn, err := net.DialTimeout("tcp", srv.Listener.Addr().String(), time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		body := `{"hook_event_name":"Pre","tool":"rm -rf /"}`
		req := "POST /?host=one HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n"
		if !headerOnly {
			req += "\r\n" + body[:5]
		}
		conn.Write([]byte(req))
		start := time.Now()
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		got, _ := io.ReadAll(conn)
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("connection held for %v", took)
		}
		if strings.Contains(string(got), "deny") {
			t.Errorf("a partial payload got a decision: %q", got)
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		t.Run("slow body", func(t *testing.T) { slow(t, false) })
		t.Run("slow headers", func(t *testing.T) { slow(t, true) })
	}()
	// Meanwhile a normal client is served at once.
	resp, err := http.Post(srv.URL+"/?host=one", "application/json", strings.NewReader(`{"hook_event_name":"Pre","tool":"rm -rf /"}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), "deny") {
		t.Errorf("normal client: %q", b)
	}
	<-done
}

func recorder(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestQueryValues checks the host and timeout query parameters against
// net/url's reading of the same query.
func TestQueryValues(t *testing.T) {
	g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: quiet()}
	body := `{"hook_event_name":"Pre","tool":"rm -rf /"}`
	deny := `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"
	for _, tt := range []struct {
		target string
		deny   bool
	}{
		{"/?host=one", true},
		{"/?x=1&host=two&timeout=5", true},
		{"/?h%6Fst=%6Fne", true},
		{"/?host=one&host=nine", true},
		{"/?host=nine&host=one", false},
		{"/?host=one;x", false},
		{"/?host=%zz", false},
		{"/?hosts=one", false},
		{"/?host", false},
	} {
		rec := post(g, tt.target, body)
		if got := rec.Body.String() == deny; got != tt.deny {
			t.Errorf("%s: body %q, deny %v, want %v", tt.target, rec.Body.String(), got, tt.deny)
		}
	}
}

// TestHandlerStuckHandler: a handler that ignores its deadline runs on the
// request's goroutine, yet the client gets the fail policy's answer at the
// deadline, whole, on a connection that is then closed (it cannot serve
// another request until the handler returns). Over a real server, as the
// recorder neither flushes nor closes.
func TestHandlerStuckHandler(t *testing.T) {
	release := make(chan struct{})
	var releaseOnce sync.Once
	stuck := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		<-release
		return hooks.Allow(), nil
	}
	h := hooks.Handlers{PreToolUse: stuck, Fail: hooks.FailClosed, Timeout: 100 * time.Millisecond}
	g := &hookhttp.Handler{Adapters: fakes, Handlers: h, Logger: quiet()}
	// A middleware's wrapper that cannot flush (no Flush, no Unwrap): the
	// gateway then runs the handler on a goroutine of its own, and answers
	// when ServeHTTP returns at the deadline.
	type naive struct{ http.ResponseWriter }
	for _, wrapped := range []bool{false, true} {
		var hd http.Handler = g
		if wrapped {
			hd = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { g.ServeHTTP(naive{w}, r) })
		}
		srv := httptest.NewServer(hd)
		defer srv.Close()
		defer releaseOnce.Do(func() { close(release) }) // first: Close waits for the handlers
		client := &http.Client{Timeout: 10 * time.Second}
		for _, wire := range []string{"", hookhttp.WireEnvelope} {
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/?host=one", strings.NewReader(`{"hook_event_name":"Pre","tool":"ls"}`))
			if wire != "" {
				req.Header.Set(hookhttp.HeaderWire, wire)
			}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatalf("wrapped %v, wire %q: %v", wrapped, wire, err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatalf("wrapped %v, wire %q: reading the late answer: %v", wrapped, wire, err)
			}
			if resp.StatusCode != 200 || !strings.Contains(string(body), "deny") || !strings.Contains(string(body), "did not answer in time") {
				t.Errorf("wrapped %v, wire %q: %d %q, want the fail-closed deny", wrapped, wire, resp.StatusCode, body)
			}
			if !wrapped && !resp.Close {
				t.Errorf("wire %q: a late answer keeps its connection open", wire)
			}
		}
	}
}

// Over HTTP/2 a response ends only when ServeHTTP returns, so the gateway
// runs the handler on a goroutine of its own there: the late answer ends
// at the deadline (a reader waiting for the end of the body is not held
// until the handler returns), and the next request on the same connection
// is answered while the stuck handler still runs.
func TestHandlerStuckHandlerHTTP2(t *testing.T) {
	release := make(chan struct{})
	var releaseOnce sync.Once
	pre := func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if ev.Tool.Input.(*hooks.ShellInput).Command == "stuck" {
			<-release
		}
		return hooks.Deny("no"), nil
	}
	g := &hookhttp.Handler{Adapters: fakes, Handlers: hooks.Handlers{PreToolUse: pre, Fail: hooks.FailClosed, Timeout: 100 * time.Millisecond}, Logger: quiet()}
	srv := httptest.NewUnstartedServer(g)
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	defer releaseOnce.Do(func() { close(release) })
	client := srv.Client()
	client.Timeout = 10 * time.Second
	for _, tc := range []struct{ tool, want string }{
		{"stuck", "did not answer in time"},
		{"ls", `"reason":"no"`},
	} {
		start := time.Now()
		resp, err := client.Post(srv.URL+"/?host=one", "application/json", strings.NewReader(`{"hook_event_name":"Pre","tool":"`+tc.tool+`"}`))
		if err != nil {
			t.Fatalf("%s: %v", tc.tool, err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("%s: reading the whole answer: %v (after %v)", tc.tool, err, time.Since(start))
		}
		if resp.ProtoMajor != 2 || resp.StatusCode != 200 || !strings.Contains(string(body), tc.want) {
			t.Errorf("%s: HTTP/%d %d %q, want HTTP/2 200 with %q", tc.tool, resp.ProtoMajor, resp.StatusCode, body, tc.want)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s: the answer ended after %v, not at the handler's deadline", tc.tool, took)
		}
	}
}
