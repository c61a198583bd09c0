package hookhttp_test

import (
	"bytes"
	"context"
	"encoding/json"
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

func write(r hookhttp.Reply) (stdout, stderr string, code int) {
	var o, e bytes.Buffer
	code = r.Write(&o, &e)
	return o.String(), e.String(), code
}

// TestForwardMatchesServe checks that a bridge prints, byte for byte, what
// the policy run locally prints.
func TestForwardMatchesServe(t *testing.T) {
	closed := guard()
	closed.Fail = hooks.FailClosed
	for _, pol := range []struct {
		name string
		h    hooks.Handlers
	}{{"open", guard()}, {"closed", closed}} {
		gw := httptest.NewServer(&hookhttp.Handler{Adapters: fakes, Handlers: pol.h, Auth: hookhttp.Bearer("tok"), Logger: quiet()})
		defer gw.Close()
		for _, p := range []string{
			`{"hook_event_name":"Pre","tool":"rm -rf /"}`,
			`{"hook_event_name":"Pre","tool":"ls"}`,
			`{"hook_event_name":"Pre","tool":"ask"}`,
			`{"hook_event_name":"Pre","tool":"panic"}`,
			`{"hook_event_name":"Start"}`,
			`{"hook_event_name":"Weird"}`,
			`{"hook_event_name":"Pre","tool":7}`,
			`[]`,
			``,
		} {
			for _, a := range fakes {
				br := hookhttp.Bridge{URL: gw.URL + "/hook", Token: "tok", Fail: hooks.FailOpen}
				rep := br.Forward(context.Background(), a, []byte(p), 0)
				o, e, c := write(rep)
				wo, we, wc := serveLocal(fakes, pol.h, p, "--host", string(a.Host()))
				if o != wo || e != we || c != wc {
					t.Errorf("%s %s %s: bridge wrote\n stdout %q\n stderr %q\n exit %d\nServe wrote\n stdout %q\n stderr %q\n exit %d",
						pol.name, a.Host(), p, o, e, c, wo, we, wc)
				}
			}
		}
	}
}

// gateways that fail in every way a bridge must survive.
func TestForwardFailures(t *testing.T) {
	const token = "tok-SECRET"
	ok := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Auth: hookhttp.Bearer(token), Logger: quiet()}
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.ReadAll(r.Body) // so that the server notices the client leaving
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	})
	var redirected atomic.Bool
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { redirected.Store(true) }))
	defer target.Close()
	fixed := func(status int, header, body string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if header != "" {
				w.Header().Set(hookhttp.HeaderWire, header)
			}
			if status == http.StatusTemporaryRedirect {
				w.Header().Set("Location", target.URL)
			}
			w.WriteHeader(status)
			w.Write([]byte(body))
		})
	}
	closedPort := func() string {
		ln, _ := net.Listen("tcp", "127.0.0.1:0")
		addr := ln.Addr().String()
		ln.Close()
		return "http://" + addr
	}()

	tests := []struct {
		name    string
		h       http.Handler // nil: use url
		url     string
		token   string
		timeout time.Duration
		wantErr string
		// config: a configuration error, answered fail-closed whatever
		// the fail policy (issue 42, item 7: a wrong token opened every
		// gate of a fail-open bridge).
		config bool
	}{
		{name: "unreachable", url: closedPort, token: token, wantErr: "gateway unreachable: dial tcp"},
		{name: "too slow", h: slow, token: token, timeout: 200 * time.Millisecond, wantErr: "gateway did not answer within 200ms"},
		{name: "wrong token", h: ok, token: "nope", wantErr: "bridge misconfigured: the gateway answered 401 Unauthorized", config: true},
		{name: "no token", h: ok, wantErr: "bridge misconfigured: the gateway answered 401 Unauthorized", config: true},
		{name: "forbidden", h: fixed(403, "", ""), token: token, wantErr: "bridge misconfigured: the gateway answered 403 Forbidden", config: true},
		{name: "server error", h: fixed(500, hookhttp.WireEnvelope, `{}`), wantErr: "gateway answered 500 Internal Server Error"},
		{name: "redirect is not followed", h: fixed(307, "", ""), token: token, wantErr: "gateway answered 307 Temporary Redirect"},
		{name: "not a gateway", h: fixed(200, "", `{"decision":"allow"}`), wantErr: "gateway answered without X-Hooks-Wire: envelope/1"},
		{name: "bad envelope", h: fixed(200, hookhttp.WireEnvelope, `{"stdout":`), wantErr: "gateway answer is not a valid envelope"},
		{name: "bad exit code", h: fixed(200, hookhttp.WireEnvelope, `{"host":"one","exit_code":-1}`), wantErr: "gateway answer has an invalid exit code -1"},
		{name: "other host", h: fixed(200, hookhttp.WireEnvelope, `{"host":"two","stdout":"{}\n"}`), wantErr: `gateway answered for host "two", not "one"`},
		{name: "not a URL", url: "ftp://example.com/x", wantErr: "bridge misconfigured: the gateway URL is not an http or https URL", config: true},
		{name: "empty URL", url: "", wantErr: "bridge misconfigured: the gateway URL is not an http or https URL", config: true},
		{name: "token over plain http", url: "http://gateway.example.com/hook?key=SECRET", token: token, wantErr: "bridge misconfigured: refusing to send the gateway token over plain http", config: true},
	}
	payload := []byte(`{"hook_event_name":"Pre","tool":"ls"}`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := tt.url
			if tt.h != nil {
				srv := httptest.NewServer(tt.h)
				defer srv.Close()
				u = srv.URL + "/hook?key=SECRET"
			}
			for _, fail := range []hooks.FailPolicy{hooks.FailOpen, hooks.FailClosed} {
				br := hookhttp.Bridge{URL: u, Token: tt.token, Fail: fail, Timeout: tt.timeout}
				start := time.Now()
				rep := br.Forward(context.Background(), fakes[0], payload, 0)
				if took := time.Since(start); took > 2*time.Second {
					t.Errorf("took %v", took)
				}
				if rep.Err == nil || !strings.Contains(rep.Err.Error(), tt.wantErr) {
					t.Fatalf("Err = %v, want %q", rep.Err, tt.wantErr)
				}
				o, e, c := write(rep)
				if strings.Contains(o+e, "SECRET") {
					t.Errorf("the URL or the token leaks: %q %q", o, e)
				}
				if tt.config && !errors.Is(rep.Err, hookhttp.ErrBridgeConfig) {
					t.Errorf("Err = %v, want it to match ErrBridgeConfig", rep.Err)
				}
				switch {
				case fail == hooks.FailOpen && !tt.config:
					if o != "" || c != 0 || !strings.HasPrefix(e, "hooks: fail-open: "+tt.wantErr) {
						t.Errorf("fail-open wrote %q %q %d", o, e, c)
					}
				default:
					var out map[string]string
					json.Unmarshal([]byte(o), &out)
					want := "hook failed, blocked by its fail-closed policy: " + tt.wantErr
					if out["decision"] != "deny" || !strings.HasPrefix(out["reason"], want) || c != 0 {
						t.Errorf("fail-closed wrote %q %q %d, want a deny because %q…", o, e, c, want)
					}
				}
			}
		})
	}
	if redirected.Load() {
		t.Error("the bridge followed a redirect")
	}
}

func TestForwardUnknownHost(t *testing.T) {
	br := hookhttp.Bridge{URL: "http://127.0.0.1:1/", Fail: hooks.FailClosed}
	rep := br.Forward(context.Background(), nil, []byte(`{}`), 0)
	o, e, c := write(rep)
	if o != "" || c != 2 || !strings.HasPrefix(e, "hook failed, blocked by its fail-closed policy: gateway unreachable") {
		t.Errorf("wrote %q %q %d", o, e, c)
	}
}

func TestBudget(t *testing.T) {
	tests := []struct {
		timeout, host time.Duration
		a             hooks.Adapter
		want          time.Duration
	}{
		{0, 0, nil, hookhttp.DefaultBridgeTimeout},
		{0, 0, fake{host: "x", timeout: 5 * time.Second}, 4500 * time.Millisecond},
		{0, 0, fake{host: "x"}, hookhttp.DefaultBridgeTimeout},
		{3 * time.Second, 0, fake{host: "x"}, 3 * time.Second},
		{0, 2 * time.Second, fake{host: "x"}, 1800 * time.Millisecond},
		{30 * time.Second, 10 * time.Second, nil, 9 * time.Second},
	}
	for _, tt := range tests {
		b := hookhttp.Bridge{Timeout: tt.timeout}
		if got := b.Budget(tt.a, []byte(`{"hook_event_name":"Pre"}`), tt.host); got != tt.want {
			t.Errorf("Budget(timeout %v, host %v) = %v, want %v", tt.timeout, tt.host, got, tt.want)
		}
	}
}

// TestForwardSendsBudget checks that the gateway learns the bridge's
// budget, so that its handler deadline falls inside it.
func TestForwardSendsBudget(t *testing.T) {
	var got atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Store(r.Header.Get(hookhttp.HeaderTimeout) + " " + r.Header.Get(hookhttp.HeaderHost) + " " + r.Header.Get(hookhttp.HeaderWire))
		w.WriteHeader(500)
	}))
	defer srv.Close()
	br := hookhttp.Bridge{URL: srv.URL}
	br.Forward(context.Background(), fake{host: "one", timeout: 2 * time.Second}, []byte(`{}`), 0)
	if v, _ := got.Load().(string); v != "1.8s one envelope/1" {
		t.Errorf("gateway saw %q", v)
	}
}

// TestForwardBudgetReachesHandler checks end to end that a slow handler at
// the gateway is cut by the bridge's budget and answered by the gateway's
// policy, inside the bridge's budget.
func TestForwardBudgetReachesHandler(t *testing.T) {
	closed := guard()
	closed.Fail = hooks.FailClosed
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: fakes, Handlers: closed, Logger: quiet()})
	defer gw.Close()
	br := hookhttp.Bridge{URL: gw.URL, Timeout: time.Second} // the bridge itself fails open
	rep := br.Forward(context.Background(), fakes[0], []byte(`{"hook_event_name":"Pre","tool":"sleep"}`), 0)
	if rep.Err != nil {
		t.Fatalf("the bridge gave up: %v", rep.Err)
	}
	if !strings.Contains(rep.Stdout, `"decision":"deny"`) || !strings.Contains(rep.Stdout, "did not answer in time") {
		t.Errorf("stdout %q", rep.Stdout)
	}
}

// quick is a fake whose host limits its "End" event to 2 s.
type quick struct{ fake }

func (quick) EventTimeout(native string) time.Duration {
	if native == "End" {
		return 2 * time.Second
	}
	return 0
}

func TestBudgetPerEvent(t *testing.T) {
	b := hookhttp.Bridge{}
	a := quick{fake{host: "q"}}
	if got := b.Budget(a, []byte(`{"hook_event_name":"End"}`), 0); got != 1800*time.Millisecond {
		t.Errorf("End: %v, want 1.8s", got)
	}
	if got := b.Budget(a, []byte(`{"hook_event_name":"Pre"}`), 0); got != hookhttp.DefaultBridgeTimeout {
		t.Errorf("Pre: %v, want the default", got)
	}
	if got := b.Budget(a, []byte(`not json`), 0); got != hookhttp.DefaultBridgeTimeout {
		t.Errorf("unparseable: %v, want the default", got)
	}
}
