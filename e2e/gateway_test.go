package e2e

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/e2e/scenario"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/install"
)

// gatewayTokenEnv holds the gateway's bearer token in the clients'
// environment: Claude Code fills it into its HTTP hooks' Authorization
// header, the bridge reads it.
const gatewayTokenEnv = "E2E_GATEWAY_TOKEN"

// Markers of the gateway runs.
const (
	gwDenyReason = "E2E_GATEWAY_DENY gateway_deny.txt is off limits"
	gwDenyFile   = "gateway_deny.txt"
	gwAllowFile  = "gateway_allow.txt"
	gwDownFile   = "gateway_down.txt"
	// gwLateFile: the gateway's handler never answers on a tool call
	// writing it (until the test ends), past its deadline of gwLate.
	gwLateFile = "gateway_late.txt"
	gwLate     = 2 * time.Second
)

// gateway is a policy gateway (hookhttp.Handler with the real adapters)
// served in-process by hookhttp.StartLocal on 127.0.0.1 for one run. A
// scenario's rules answer; every request is recorded.
type gateway struct {
	// url is the endpoint the hooks are given.
	url   string
	token string
	mu    sync.Mutex
	reqs  []*gwRequest
	// stuck counts the calls whose handler ignored its deadline.
	stuck atomic.Int32
}

// gwRequest is one request the gateway received.
type gwRequest struct {
	Wire   string // X-Hooks-Wire: "envelope/1" from the bridge, "" from Claude Code
	Authed bool   // the bearer token was the gateway's
	Status int
	// The decision, when the policy was reached.
	Host    hooks.Host
	Native  string
	Subject string // command, path or patch of a tool call
	Rule    int    // the scenario rule that answered, -1 for none
}

type gwKey struct{}

// startGateway serves the policy sc (Log unused) until the test ends.
func startGateway(t *testing.T, sc *scenario.Scenario) *gateway {
	t.Helper()
	b := make([]byte, 16)
	rand.Read(b)
	gw := &gateway{token: hex.EncodeToString(b)}
	release := make(chan struct{})
	policy := func(ctx context.Context, ev hooks.Event) (hooks.Response, error) {
		rec, _ := ctx.Value(gwKey{}).(*gwRequest)
		if rec == nil {
			return hooks.Response{}, fmt.Errorf("e2e gateway: no request record")
		}
		rec.Host, rec.Native = ev.Common().Host, ev.Common().NativeEvent
		tool := hooks.ToolOf(ev)
		var in hooks.ToolInput
		if tool != nil {
			rec.Subject, in = scenario.Subject(tool), tool.Input
		}
		if _, pre := ev.(*hooks.PreToolUseEvent); pre && strings.Contains(rec.Subject, gwLateFile) {
			// A handler that ignores its context: the gateway must answer
			// with its fail policy at the deadline anyway.
			gw.stuck.Add(1)
			<-release
			return hooks.Allow(), nil
		}
		r := sc.Match(ev)
		if r == nil {
			return hooks.Response{}, nil
		}
		rec.Rule = ruleOf(sc, r)
		return r.Response.Hooks(in)
	}
	inner := &hookhttp.Handler{
		Adapters: builtin.Adapters(),
		Handlers: hooks.Handlers{Any: policy, Fail: hooks.FailClosed, Timeout: gwLate},
		Auth:     hookhttp.Bearer(gw.token),
		Logger:   slog.New(slog.DiscardHandler),
	}
	srv, err := hookhttp.StartLocal(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &gwRequest{Wire: r.Header.Get(hookhttp.HeaderWire), Authed: r.Header.Get("Authorization") == "Bearer "+gw.token, Rule: -1}
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		inner.ServeHTTP(sw, r.WithContext(context.WithValue(r.Context(), gwKey{}, rec)))
		rec.Status = sw.status
		gw.mu.Lock()
		gw.reqs = append(gw.reqs, rec)
		gw.mu.Unlock()
	}))
	if err != nil {
		t.Fatalf("start the gateway: %v", err)
	}
	t.Cleanup(func() { srv.Close() })
	t.Cleanup(func() { close(release) }) // first: Close waits for the handlers
	gw.url = srv.URL + "/hook"
	return gw
}

// downURL returns the URL of a gateway that is down: a port on 127.0.0.1
// that was just listened on and closed, so connections are refused.
func downURL(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	u := "http://" + ln.Addr().String() + "/hook"
	ln.Close()
	return u
}

// deadGateway is a gateway that is down but whose port still accepts
// connections (a process that crashes on each request): it closes every
// connection unanswered, and counts them, so a run can tell that the
// bridge did try it.
type deadGateway struct {
	url   string
	mu    sync.Mutex
	conns int
}

func startDeadGateway(t *testing.T) *deadGateway {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d := &deadGateway{url: "http://" + ln.Addr().String() + "/hook"}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			d.mu.Lock()
			d.conns++
			d.mu.Unlock()
			c.Close()
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return d
}

func (d *deadGateway) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.conns
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets the gateway flush a late answer through the wrapper, as a
// well-behaved middleware does.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// requests returns a copy of the recorded requests.
func (gw *gateway) requests() []gwRequest {
	gw.mu.Lock()
	defer gw.mu.Unlock()
	out := make([]gwRequest, len(gw.reqs))
	for i, r := range gw.reqs {
		out[i] = *r
	}
	return out
}

// decided returns the recorded decisions on the native event whose
// subject contains sub.
func (gw *gateway) decided(native, sub string) []gwRequest {
	var out []gwRequest
	for _, r := range gw.requests() {
		if r.Native == native && strings.Contains(r.Subject, sub) {
			out = append(out, r)
		}
	}
	return out
}

func (gw *gateway) String() string {
	var b strings.Builder
	for i, r := range gw.requests() {
		fmt.Fprintf(&b, "gateway request %d: wire %q authed=%v status %d host %q event %q rule %d subject %q\n",
			i, r.Wire, r.Authed, r.Status, r.Host, r.Native, r.Rule, clip(r.Subject, 100))
	}
	return b.String()
}

func ruleOf(sc *scenario.Scenario, r *scenario.Rule) int {
	for i := range sc.Rules {
		if &sc.Rules[i] == r {
			return i
		}
	}
	return -1
}

// examples are the example binaries built for the runs, by name.
var examples sync.Map // name -> func() (string, error)

// buildExample builds examples/<name> as .ci/release does (-trimpath,
// symbols stripped: the binary a team ships), once per test binary, and
// returns its path. Unstripped, the guard passed 10 MB, the most Qwen
// Code's read_file reads, and the tamper tests' control run could no
// longer overwrite it with the file tool.
func buildExample(t *testing.T, name string) string {
	t.Helper()
	f, _ := examples.LoadOrStore(name, sync.OnceValues(func() (string, error) {
		bin := filepath.Join(binDir, name)
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", bin, "./examples/"+name)
		cmd.Dir = modRoot
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("cannot build examples/%s: %v\n%s", name, err, out)
		}
		return bin, nil
	}))
	bin, err := f.(func() (string, error))()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// buildBridge builds examples/bridge (a hook binary made of bridgemain.Main
// and no policy of its own).
func buildBridge(t *testing.T) string { return buildExample(t, "bridge") }

// gatewayRegister registers binary with install.Install --gateway url
// (project scope), the token in $E2E_GATEWAY_TOKEN.
func gatewayRegister(t *testing.T, h *harness.Host, url string, failClosed bool) func(r *harness.Run, hook []string) error {
	return installWith(t, h, false, func(o *install.Options) {
		o.Gateway, o.GatewayTokenEnv, o.FailClosed = url, gatewayTokenEnv, failClosed
	})
}

// gatewaySpec is a run whose hooks ask gw, registered by install
// --gateway (fail-open): Claude Code's HTTP hooks call it (the hook binary
// is not run), the other clients run the bridge. The model takes steps,
// then answers.
func gatewaySpec(t *testing.T, h *harness.Host, gw *gateway, steps ...fakemodel.Step) harness.Spec {
	hook := hookBin
	if h.Name != "claude" {
		hook = buildBridge(t)
	}
	spec := harness.Spec{Host: h, Prompt: "run the e2e gateway scenario", Hook: []string{hook},
		Register: gatewayRegister(t, h, gw.url, false),
		Script: func(*harness.Run) fakemodel.Script {
			return append(append(fakemodel.Script{}, steps...), fakemodel.Say(firstAnswer))
		}}
	pascalBridge(&spec, gw.url, false)
	return spec
}

// pascalBridge makes spec, on Copilot CLI's PascalCase column, register
// the bridge under the PascalCase names with the host's own writer (a
// form install --gateway does not write): the command line the installer
// writes, without --event (the payloads name their event). Elsewhere it
// does nothing.
func pascalBridge(spec *harness.Spec, url string, failClosed bool) {
	if spec.Host.ID != "copilot-pascal" {
		return
	}
	hook := []string{spec.Hook[0], "--host", "copilot"}
	if failClosed {
		hook = append(hook, "--fail-closed")
	}
	spec.Hook, spec.Register = append(hook, "--gateway", url, "--gateway-token-env", gatewayTokenEnv), nil
}

// runGateway runs the client with the hooks of spec (registered by
// spec.Register) and the gateway's token in its environment; gw, when not
// nil, is logged with the evidence.
func runGateway(t *testing.T, spec harness.Spec, gw *gateway, token string) *outcome {
	t.Helper()
	spec.Clients, spec.Dir, spec.Timeout = clients, t.TempDir(), clientTimeout(spec.Host)
	spec.Env = append(spec.Env, gatewayTokenEnv+"="+token)
	res, err := harness.Execute(context.Background(), spec)
	if err != nil {
		t.Fatalf("%s: %v", spec.Host.Name, err)
	}
	o := &outcome{host: spec.Host, res: res}
	t.Cleanup(func() {
		if t.Failed() || os.Getenv("HOOKS_E2E_EVIDENCE") == "1" {
			ev := o.evidence()
			if gw != nil {
				ev += gw.String()
			}
			t.Logf("evidence:\n%s", ev)
		}
	})
	if res.Err != nil || res.ExitCode != 0 {
		t.Fatalf("%s did not finish cleanly:\n%s", spec.Host.Name, res.Summary())
	}
	if len(res.Main()) == 0 {
		t.Fatalf("%s never reached the fake model server:\n%s", spec.Host.Name, res.Summary())
	}
	return o
}

// gatewayScenario denies the shell command that writes gateway_deny.txt.
func gatewayScenario() *scenario.Scenario {
	return &scenario.Scenario{Rules: []scenario.Rule{
		{Event: hooks.PreToolUse, Kind: hooks.KindShell, Contains: gwDenyFile, Response: scenario.Response{Decision: "deny", Reason: gwDenyReason}},
	}}
}

// testGateway runs a session whose hooks ask a policy gateway, registered
// by install --gateway: on Claude Code HTTP hooks ("type": "http") that
// call it, on Codex and Gemini CLI the bridge binary (examples/bridge). The gateway
// denies one shell command and has no opinion on the next: the first must
// not run and the model must be told the gateway's reason, the second
// must run.
func testGateway(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "gateway-deny", "gateway-noopinion")
	wire := hookhttp.WireEnvelope
	if h.Name == "claude" {
		wire = ""
	}
	gw := startGateway(t, gatewayScenario())
	o := runGateway(t, gatewaySpec(t, h, gw, shell(h.Name, "echo ran > "+gwDenyFile), shell(h.Name, "echo ran > "+gwAllowFile)), gw, gw.token)
	pre := expectOf(h).pre
	reqs := gw.requests()
	if len(reqs) == 0 {
		t.Fatalf("the gateway received no request: the hooks did not call it")
	}
	for i, r := range reqs {
		if !r.Authed || r.Status != http.StatusOK || r.Wire != wire || r.Host != hooks.Host(h.Name) {
			t.Errorf("gateway request %d: authed=%v status %d wire %q host %q; want the token, 200, wire %q, host %s", i, r.Authed, r.Status, r.Wire, r.Host, wire, h.Name)
		}
	}
	fired := map[string]bool{}
	for _, r := range reqs {
		fired[r.Native] = true
	}
	ex := expectOf(h)
	want := []string{ex.pre, ex.post, ex.stop}
	if slices.Contains(ex.baseline, ex.prompt) {
		want = append(want, ex.prompt) // not in droid exec
	}
	if h.Name == "kimi" {
		// Kimi Code 2.1.0 fires PostToolUse without waiting for it
		// (notifyPostToolUse calls fireAndForget, read in its bundle): a
		// run that ends just after the last tool may exit before the
		// bridge reaches the gateway (seen once in a whole run).
		want = slices.DeleteFunc(want, func(ev string) bool { return ev == ex.post })
	}
	for _, ev := range want {
		if !fired[ev] {
			t.Errorf("%s did not call the gateway on %s (called on: %v)", h.Name, ev, sortedKeys(fired))
		}
	}
	t.Run("deny", func(t *testing.T) {
		table.check(t, h.ID, "gateway-deny")
		if got, ok := o.file(gwDenyFile); ok {
			t.Errorf("DENIED COMMAND RAN through the gateway: %s = %q", gwDenyFile, got)
		}
		if d := gw.decided(pre, gwDenyFile); len(d) != 1 || d[0].Rule != 0 {
			t.Errorf("the gateway did not deny the %s of %s once: %+v", pre, gwDenyFile, d)
		}
		if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, gwDenyReason) {
			t.Errorf("the model was not told the gateway's reason; it saw %q", tr.Text)
		}
	})
	t.Run("noopinion", func(t *testing.T) {
		table.check(t, h.ID, "gateway-noopinion")
		if got, _ := o.file(gwAllowFile); got != "ran\n" {
			t.Errorf("the command the gateway had no opinion on did not run: %s = %q", gwAllowFile, got)
		}
		if d := gw.decided(pre, gwAllowFile); len(d) != 1 || d[0].Rule != -1 {
			t.Errorf("the gateway did not answer the %s of %s once with no opinion: %+v", pre, gwAllowFile, d)
		}
	})
}

// testGatewayDown runs the bridge, registered by install --gateway on
// PreToolUse with and without --fail-closed, against a gateway that is
// down. Fail-closed, the port is closed (connections refused): the
// command must not run and the model must be told why. Fail-open, the
// port accepts connections and drops them unanswered, so that the run
// shows the bridge did call it: the command must run.
func testGatewayDown(t *testing.T, h *harness.Host) {
	for _, closed := range []bool{true, false} {
		row := map[bool]string{true: "gateway-down-closed", false: "gateway-down-open"}[closed]
		t.Run(row, func(t *testing.T) {
			t.Parallel()
			table.expectRows(t, h.ID, row)
			if h.Name == "claude" {
				table.na(t, h.ID, row, "Claude Code calls the gateway itself (HTTP hooks) and lets the action go on when it is down, whatever the policy; the bridge as its command hook blocks (hookhttp README)")
			}
			table.check(t, h.ID, row)
			var dead *deadGateway
			url := ""
			if closed {
				url = downURL(t)
			} else {
				dead = startDeadGateway(t)
				url = dead.url
			}
			// Only PreToolUse: fail-closed, a gateway that is down also
			// blocks the prompt (UserPromptSubmit) before any tool call.
			spec := harness.Spec{Host: h, Prompt: "run the e2e gateway scenario", Hook: []string{buildBridge(t)},
				Register: installWith(t, h, false, func(o *install.Options) {
					o.Gateway, o.GatewayTokenEnv, o.FailClosed = url, gatewayTokenEnv, closed
					o.Events = []hooks.EventName{hooks.PreToolUse}
				}),
				Script: func(*harness.Run) fakemodel.Script {
					return fakemodel.Script{shell(h.Name, "echo ran > "+gwDownFile), fakemodel.Say(firstAnswer)}
				}}
			if h.ID == "copilot-pascal" {
				pre := *h
				pre.Events = []string{expectOf(h).pre}
				spec.Host = &pre
				pascalBridge(&spec, url, closed)
			}
			o := runGateway(t, spec, nil, "unused-token")
			got, ran := o.file(gwDownFile)
			tr := o.toolResult(t, 0)
			if closed {
				if ran {
					t.Errorf("FAIL-CLOSED BRIDGE DID NOT BLOCK with the gateway down: %s = %q", gwDownFile, got)
				}
				if !strings.Contains(tr.Text, "fail-closed policy") || !strings.Contains(tr.Text, "gateway unreachable") || !strings.Contains(tr.Text, "connection refused") {
					t.Errorf("the model was not told the bridge's fail-closed reason; it saw %q", tr.Text)
				}
				return
			}
			if n := dead.count(); n != 1 {
				t.Errorf("the gateway saw %d connections, want 1 (the bridge's, for the one tool call)", n)
			}
			if got != "ran\n" {
				t.Errorf("fail-open bridge with the gateway down: the command did not run: %s = %q (model saw %q)", gwDownFile, got, tr.Text)
			}
		})
	}
}

// testGatewayLate runs a session whose gateway handler never answers one
// shell command (it ignores its context) on a fail-closed gateway: the
// gateway must answer with its fail policy at the handler's deadline, and
// the client must honour that answer: the command does not run, the model
// is told why. On Claude Code over its HTTP hooks, on Codex and Gemini CLI
// through the bridge.
func testGatewayLate(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "gateway-late")
	gw := startGateway(t, gatewayScenario())
	o := runGateway(t, gatewaySpec(t, h, gw, shell(h.Name, "echo ran > "+gwLateFile)), gw, gw.token)
	table.check(t, h.ID, "gateway-late")
	if n := gw.stuck.Load(); n != 1 {
		t.Errorf("the gateway's handler was stuck on %d calls, want 1 (the %s of %s)", n, expectOf(h).pre, gwLateFile)
	}
	if got, ok := o.file(gwLateFile); ok {
		t.Errorf("COMMAND RAN although the fail-closed gateway's handler missed its deadline: %s = %q", gwLateFile, got)
	}
	if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, failClosed) || !strings.Contains(tr.Text, "did not answer in time") {
		t.Errorf("the model was not told the gateway's fail-closed reason; it saw %q", tr.Text)
	}
}
