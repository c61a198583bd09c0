package otlptest

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.opentelemetry.io/collector/component/componenttest"
	"go.opentelemetry.io/collector/config/configgrpc"
	"go.opentelemetry.io/collector/config/configoptional"
	"go.opentelemetry.io/collector/consumer/consumertest"
	"go.opentelemetry.io/collector/pdata/ptrace"
	"go.opentelemetry.io/collector/receiver/otlpreceiver"
	"go.opentelemetry.io/collector/receiver/receivertest"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hookhttp/otelexport"
	"github.com/agenthooks/hooks/writes"
)

// receiver starts the collector's OTLP receiver (HTTP only) on a free
// port of 127.0.0.1 and returns its base URL and the sink of the spans
// it receives.
func receiver(t *testing.T) (string, *consumertest.TracesSink) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	f := otlpreceiver.NewFactory()
	cfg := f.CreateDefaultConfig().(*otlpreceiver.Config)
	cfg.Protocols.GRPC = configoptional.None[configgrpc.ServerConfig]()
	cfg.Protocols.HTTP.GetOrInsertDefault().ServerConfig.NetAddr.Endpoint = addr
	sink := new(consumertest.TracesSink)
	ctx := context.Background()
	r, err := f.CreateTraces(ctx, receivertest.NewNopSettings(f.Type()), cfg, sink)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, componenttest.NewNopHost()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Shutdown(context.Background()) })
	return "http://" + addr, sink
}

// span is what a test reads of a received span.
type span struct {
	name    string
	attrs   map[string]any
	service string
	events  int
	status  string
	dur     time.Duration
}

func spans(sink *consumertest.TracesSink) []span {
	var out []span
	for _, td := range sink.AllTraces() {
		for _, rs := range td.ResourceSpans().All() {
			svc, _ := rs.Resource().Attributes().Get("service.name")
			for _, ss := range rs.ScopeSpans().All() {
				for _, s := range ss.Spans().All() {
					out = append(out, spanOf(s, svc.Str()))
				}
			}
		}
	}
	return out
}

func spanOf(s ptrace.Span, service string) span {
	return span{name: s.Name(), attrs: s.Attributes().AsRaw(), service: service, events: s.Events().Len(),
		status: s.Status().Code().String(), dur: s.EndTimestamp().AsTime().Sub(s.StartTimestamp().AsTime())}
}

// waitSpans waits (at most 20 s) until sink holds n spans.
func waitSpans(t *testing.T, sink *consumertest.TracesSink, n int) []span {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for sink.SpanCount() < n && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	got := spans(sink)
	if len(got) != n {
		t.Fatalf("the receiver has %d spans, want %d: %+v", len(got), n, got)
	}
	return got
}

// A request as a host sends it, and what the span of its answer says.
type request struct {
	host, payload        string
	decision, sent, tool string
}

var requests = []request{
	{"claude", `{"session_id":"s-1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /home/dev/project"},"tool_use_id":"t1"}`,
		"deny", "deny", "Bash"},
	{"claude", `{"session_id":"s-1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t2"}`,
		"none", "none", "Bash"},
	{"codex", `{"session_id":"s-2","turn_id":"t","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"command rm -rf dir"},"tool_use_id":"c1"}`,
		"deny", "deny", "Bash"},
	{"gemini", `{"session_id":"s-3","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-01-15T10:00:02.100Z","tool_name":"write_file","tool_input":{"file_path":"/home/dev/project/.env","content":"K=1"}}`,
		"deny", "deny", "write_file"},
}

func post(t *testing.T, url, token string, r request) {
	t.Helper()
	req, _ := http.NewRequest("POST", url+"?host="+r.host, strings.NewReader(r.payload))
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || (r.sent == "deny") != strings.Contains(string(b), "deny") {
		t.Errorf("%s: %d %s", r.host, resp.StatusCode, b)
	}
}

// check asserts that got holds one span per request, in order, with the
// record's attributes.
func check(t *testing.T, got []span, service string) {
	t.Helper()
	for i, r := range requests {
		s := got[i]
		want := map[string]any{"hooks.host": r.host, "hooks.decision": r.decision, "hooks.sent": r.sent, "hooks.tool.name": r.tool,
			"hooks.wire": "http", "http.response.status_code": int64(200)}
		for k, v := range want {
			if s.attrs[k] != v {
				t.Errorf("span %d (%s): %s = %#v, want %#v", i, s.name, k, s.attrs[k], v)
			}
		}
		if d, ok := s.attrs["hooks.duration_ms"].(float64); !ok || d <= 0 || s.dur <= 0 {
			t.Errorf("span %d: duration %v, hooks.duration_ms %v", i, s.dur, s.attrs["hooks.duration_ms"])
		}
		if _, ok := s.attrs["hooks.command"]; ok {
			t.Errorf("span %d holds the command without -log-commands", i)
		}
		if s.service != service || !strings.HasPrefix(s.name, "hook ") || s.status == "Error" {
			t.Errorf("span %d: service %q name %q status %s", i, s.service, s.name, s.status)
		}
	}
}

// The exporter, serving a hookhttp.Handler in this process, sends the
// receiver one span per request.
func TestHandlerToReceiver(t *testing.T) {
	endpoint, sink := receiver(t)
	ctx := context.Background()
	exp, err := otelexport.New(ctx, otelexport.Options{Endpoint: endpoint, ServiceName: "gw-test"})
	if err != nil {
		t.Fatal(err)
	}
	policy := hooks.Handlers{Fail: hooks.FailClosed, PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		hooks.ReportCheck(ctx, hooks.Check{Name: "all", Duration: time.Millisecond})
		if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
			return hooks.Deny("no rm -rf"), nil
		}
		for _, p := range writes.Paths(&ev.Tool) {
			if filepath.Base(p) == ".env" {
				return hooks.Deny("no .env"), nil
			}
		}
		return hooks.Response{}, nil
	}}
	srv := httptest.NewServer(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: policy, Auth: hookhttp.Bearer("tok"),
		Logger: slog.New(slog.DiscardHandler), OnRecord: exp.Record})
	defer srv.Close()
	for _, r := range requests {
		post(t, srv.URL, "tok", r)
	}
	if err := exp.ForceFlush(ctx); err != nil {
		t.Fatal(err)
	}
	got := waitSpans(t, sink, len(requests))
	check(t, got, "gw-test")
	for i, s := range got {
		if s.events != 1 || s.attrs["hooks.checks.name"] == nil {
			t.Errorf("span %d: %d check events, hooks.checks.name %v", i, s.events, s.attrs["hooks.checks.name"])
		}
	}
	if err := exp.Shutdown(ctx); err != nil {
		t.Error(err)
	}
}

// gateway builds examples/gateway once per test binary.
func gateway(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "gateway")
	cmd := exec.Command("go", "build", "-o", bin, "./examples/gateway")
	cmd.Dir = filepath.Join("..", "..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// start runs the gateway binary with args and env on a free port and
// returns its URL; stop sends it SIGTERM and waits for it to exit.
func start(t *testing.T, bin string, args, env []string) (url string, stop func()) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(cleanEnv(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	addr := make(chan string, 1)
	done := make(chan struct{})
	var log strings.Builder
	go func() {
		defer close(done)
		for lines.Scan() {
			log.WriteString(lines.Text() + "\n")
			var m struct{ Msg, Addr string }
			if json.Unmarshal(lines.Bytes(), &m) == nil && m.Msg == "gateway listening" {
				addr <- m.Addr
			}
		}
	}()
	select {
	case a := <-addr:
		url = "http://" + a + "/hook"
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("the gateway did not start:\n%s", log.String())
	}
	return url, func() {
		cmd.Process.Signal(syscall.SIGTERM)
		<-done
		if err := cmd.Wait(); err != nil {
			t.Errorf("gateway: %v\n%s", err, log.String())
		}
		if strings.Contains(log.String(), "otlp export") {
			t.Errorf("the gateway reported an export error:\n%s", log.String())
		}
	}
}

// cleanEnv is this process's environment without OTEL_ variables.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "OTEL_") {
			env = append(env, kv)
		}
	}
	return env
}

// The gateway command exports every request's record to the collector
// named by OTEL_EXPORTER_OTLP_ENDPOINT while it serves, and to the one
// named by -otlp-endpoint; what is queued when it is stopped is sent
// before it exits.
func TestGatewayToReceiver(t *testing.T) {
	bin := gateway(t)
	const token = "otlp-test-token"
	t.Run("environment", func(t *testing.T) {
		endpoint, sink := receiver(t)
		url, stop := start(t, bin, nil, []string{"HOOKS_GATEWAY_TOKEN=" + token, "OTEL_EXPORTER_OTLP_ENDPOINT=" + endpoint,
			"OTEL_BSP_SCHEDULE_DELAY=50", "OTEL_SERVICE_NAME=gateway-env"})
		for _, r := range requests {
			post(t, url, token, r)
		}
		// Sent while the gateway runs (a batch every 50 ms).
		check(t, waitSpans(t, sink, len(requests)), "gateway-env")
		stop()
	})
	t.Run("flag", func(t *testing.T) {
		endpoint, sink := receiver(t)
		// The default batch delay (5 s) is longer than the test: the
		// spans arrive because the stop sends what is queued.
		url, stop := start(t, bin, []string{"-otlp-endpoint", endpoint}, []string{"HOOKS_GATEWAY_TOKEN=" + token})
		for _, r := range requests {
			post(t, url, token, r)
		}
		stop()
		got := spans(sink)
		if len(got) != len(requests) {
			t.Fatalf("%d spans after the stop, want %d", len(got), len(requests))
		}
		check(t, got, otelexport.DefaultServiceName)
	})
}
