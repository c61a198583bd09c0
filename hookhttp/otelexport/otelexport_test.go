package otelexport

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

const (
	codexCat = `{"session_id":"s-1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"cat .env"},"tool_use_id":"call_1"}`
	claudeLs = `{"session_id":"s-2","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t1"}`
)

// policy asks for .env reads (Codex is sent a deny) after two checks, and
// has no opinion otherwise.
func policy() hooks.Handlers {
	return hooks.Handlers{PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		hooks.ReportCheck(ctx, hooks.Check{Name: "rm-rf", Duration: 1500 * time.Microsecond})
		if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, ".env") {
			hooks.ReportCheck(ctx, hooks.Check{Name: "secrets", Decision: hooks.DecisionAsk, Duration: 2 * time.Millisecond, Note: ".env"})
			return hooks.Ask("secrets?"), nil
		}
		return hooks.Response{}, nil
	}, Fail: hooks.FailClosed}
}

func serve(t *testing.T, g *hookhttp.Handler, target, body string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(body))
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("%s: %d %s", target, rec.Code, rec.Body.String())
	}
}

func attrs(s sdktrace.ReadOnlySpan) map[attribute.Key]attribute.Value {
	m := map[attribute.Key]attribute.Value{}
	for _, kv := range s.Attributes() {
		m[kv.Key] = kv.Value
	}
	return m
}

// Requests served by a gateway become spans with the record's
// attributes, the checks as events, and the fail policy's answers as
// errors.
func TestSpans(t *testing.T) {
	mem := tracetest.NewInMemoryExporter()
	exp, err := newExporter(context.Background(), mem, Options{ServiceVersion: "v1.2.3"})
	if err != nil {
		t.Fatal(err)
	}
	g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: policy(), Logger: slog.New(slog.DiscardHandler), OnRecord: exp.Record}
	serve(t, g, "/hook?host=codex", codexCat)
	serve(t, g, "/hook?host=claude", claudeLs)
	serve(t, g, "/hook?host=claude", `{"hook_event_name":`) // unparseable: the fail policy
	// (The in-memory exporter forgets its spans on Shutdown.)
	if err := exp.ForceFlush(context.Background()); err != nil {
		t.Fatal(err)
	}
	spans := mem.GetSpans().Snapshots()
	if len(spans) != 3 {
		t.Fatalf("%d spans, want 3", len(spans))
	}
	ask := spans[0]
	a := attrs(ask)
	for k, want := range map[attribute.Key]string{"hooks.host": "codex", "hooks.event": "PreToolUse", "hooks.event.unified": "PreToolUse",
		"hooks.session": "s-1", "hooks.tool.name": "Bash", "hooks.tool.kind": "shell", "hooks.decision": "ask", "hooks.sent": "deny", "hooks.wire": "http"} {
		if got := a[k].AsString(); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if got := a["hooks.checks.name"].AsStringSlice(); len(got) != 2 || got[1] != "secrets" {
		t.Errorf("hooks.checks.name = %v", got)
	}
	if got := a["hooks.checks.duration_ms"].AsFloat64Slice(); len(got) != 2 || got[1] != 2 {
		t.Errorf("hooks.checks.duration_ms = %v", got)
	}
	if a["http.response.status_code"].AsInt64() != 200 || a["hooks.duration_ms"].AsFloat64() <= 0 {
		t.Errorf("status %v, duration %v", a["http.response.status_code"], a["hooks.duration_ms"])
	}
	// No payload content without LogCommands.
	for _, k := range []attribute.Key{"hooks.command", "hooks.reason", "hooks.cwd", "hooks.paths"} {
		if _, ok := a[k]; ok {
			t.Errorf("%s exported without LogCommands", k)
		}
	}
	if ask.Name() != "hook PreToolUse" || ask.SpanKind() != trace.SpanKindServer || ask.Status().Code == codes.Error {
		t.Errorf("span %q kind %v status %v", ask.Name(), ask.SpanKind(), ask.Status())
	}
	if !ask.EndTime().After(ask.StartTime()) {
		t.Errorf("span from %v to %v", ask.StartTime(), ask.EndTime())
	}
	if evs := ask.Events(); len(evs) != 2 || evs[1].Name != "hooks.check" || !hasAttr(evs[1].Attributes, "note", ".env") {
		t.Errorf("events %+v", evs)
	}
	if res := ask.Resource(); !hasAttr(res.Attributes(), "service.name", DefaultServiceName) || !hasAttr(res.Attributes(), "service.version", "v1.2.3") {
		t.Errorf("resource %v", res)
	}

	if a := attrs(spans[1]); a["hooks.host"].AsString() != "claude" || a["hooks.sent"].AsString() != "none" || a["hooks.decision"].AsString() != "none" {
		t.Errorf("no-opinion span %v", a)
	}
	failed := spans[2]
	if a := attrs(failed); a["hooks.fail"].AsString() == "" || a["hooks.sent"].AsString() != "deny" || failed.Status().Code != codes.Error {
		t.Errorf("fail-policy span %v, status %v", a, failed.Status())
	}
}

func hasAttr(kvs []attribute.KeyValue, k, v string) bool {
	for _, kv := range kvs {
		if string(kv.Key) == k && kv.Value.AsString() == v {
			return true
		}
	}
	return false
}

// With LogCommands and in observe mode, the span has the command, the
// reason, and what the host would have received.
func TestSpansObserveCommands(t *testing.T) {
	mem := tracetest.NewInMemoryExporter()
	exp, err := newExporter(context.Background(), mem, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := policy()
	p.Observe = true
	g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: p, Logger: slog.New(slog.DiscardHandler), OnRecord: exp.Record, LogCommands: true}
	serve(t, g, "/hook?host=codex", codexCat)
	if err := exp.ForceFlush(context.Background()); err != nil {
		t.Fatal(err)
	}
	spans := mem.GetSpans().Snapshots()
	if len(spans) != 1 {
		t.Fatalf("%d spans", len(spans))
	}
	a := attrs(spans[0])
	for k, want := range map[attribute.Key]string{"hooks.sent": "none", "hooks.would": "deny", "hooks.command": "cat .env", "hooks.reason": "secrets?", "hooks.cwd": "/home/dev/project"} {
		if got := a[k].AsString(); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if !a["hooks.observe"].AsBool() {
		t.Error("hooks.observe not set")
	}
}

// A collector that cannot be reached changes no answer and delays none:
// records are queued, and dropped when the queue is full.
func TestUnreachableCollector(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	exp, err := New(context.Background(), Options{Endpoint: "http://" + addr, BatchTimeout: time.Millisecond, MaxQueue: 4})
	if err != nil {
		t.Fatal(err)
	}
	g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: policy(), Logger: slog.New(slog.DiscardHandler), OnRecord: exp.Record}
	for range 50 {
		req := httptest.NewRequest(http.MethodPost, "/hook?host=codex", strings.NewReader(codexCat))
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, req)
		body, _ := io.ReadAll(rec.Body)
		if rec.Code != 200 || !strings.Contains(string(body), `"permissionDecision":"deny"`) {
			t.Fatalf("%d %s", rec.Code, body)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	exp.Shutdown(ctx) // an error: the records could not be sent
}

func TestTracesURL(t *testing.T) {
	for in, want := range map[string]string{
		"http://127.0.0.1:4318":         "http://127.0.0.1:4318/v1/traces",
		"http://127.0.0.1:4318/":        "http://127.0.0.1:4318/v1/traces",
		"https://otel.example.com/otlp": "https://otel.example.com/otlp/v1/traces",
	} {
		if got, err := tracesURL(in); got != want || err != nil {
			t.Errorf("tracesURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"127.0.0.1:4318", "grpc://x:4317", "http://", "::"} {
		if _, err := tracesURL(bad); err == nil {
			t.Errorf("tracesURL(%q) accepted", bad)
		}
	}
	if _, err := New(context.Background(), Options{Endpoint: "localhost:4318"}); err == nil {
		t.Error("New accepted an endpoint without a scheme")
	}
}

func TestConfigured(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if Configured(env(nil)) || Configured(env(map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": ""})) {
		t.Error("configured without an endpoint")
	}
	if !Configured(env(map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"})) ||
		!Configured(env(map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://127.0.0.1:4318/v1/traces"})) {
		t.Error("not configured with an endpoint")
	}
}

// The exporter posts OTLP's JSON encoding: ids in hex, 64-bit integers
// as strings, enums as OTLP numbers them, the headers of the
// environment.
func TestJSONEncoding(t *testing.T) {
	type got struct {
		body   map[string]any
		header http.Header
	}
	posts := make(chan got, 4)
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		err := json.NewDecoder(r.Body).Decode(&m)
		if r.URL.Path != "/otlp/v1/traces" || err != nil {
			t.Errorf("%s %v", r.URL.Path, err)
		}
		posts <- got{m, r.Header}
	}))
	defer collector.Close()
	env := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": collector.URL + "/otlp", "OTEL_EXPORTER_OTLP_HEADERS": "Authorization=Bearer%20s3cret,X-Team=sec"}
	t.Setenv("OTEL_RESOURCE_ATTRIBUTES", "deployment.environment=test") // read by the SDK
	exp, err := New(context.Background(), Options{Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: policy(), Logger: slog.New(slog.DiscardHandler), OnRecord: exp.Record}
	serve(t, g, "/hook?host=claude", `{"hook_event_name":`) // the fail policy: status Error
	if err := exp.ForceFlush(context.Background()); err != nil {
		t.Fatal(err)
	}
	p := <-posts
	if p.header.Get("Authorization") != "Bearer s3cret" || p.header.Get("X-Team") != "sec" || p.header.Get("Content-Type") != "application/json" {
		t.Errorf("headers %v", p.header)
	}
	b, _ := json.Marshal(p.body)
	s := string(b)
	for _, want := range []string{`"kind":2`, `"status":{"code":2,"message":"`, `{"key":"hooks.host","value":{"stringValue":"claude"}}`,
		`{"key":"http.response.status_code","value":{"intValue":"200"}}`, `{"key":"deployment.environment","value":{"stringValue":"test"}}`,
		`{"key":"service.name","value":{"stringValue":"hooks-gateway"}}`} {
		if !strings.Contains(s, want) {
			t.Errorf("no %s in %s", want, s)
		}
	}
	rs := p.body["resourceSpans"].([]any)[0].(map[string]any)
	span := rs["scopeSpans"].([]any)[0].(map[string]any)["spans"].([]any)[0].(map[string]any)
	if len(span["traceId"].(string)) != 32 || len(span["spanId"].(string)) != 16 {
		t.Errorf("ids %v %v", span["traceId"], span["spanId"])
	}
	start, _ := strconv.ParseInt(span["startTimeUnixNano"].(string), 10, 64)
	end, _ := strconv.ParseInt(span["endTimeUnixNano"].(string), 10, 64)
	if start <= 0 || end < start {
		t.Errorf("times %v %v", span["startTimeUnixNano"], span["endTimeUnixNano"])
	}
}

// A collector that refuses a batch is an error of the flush, which
// names the status.
func TestRefused(t *testing.T) {
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "bad token", http.StatusUnauthorized)
	}))
	defer collector.Close()
	ej := &jsonExporter{url: collector.URL + "/v1/traces", client: http.DefaultClient}
	mem := tracetest.NewInMemoryExporter()
	exp, _ := newExporter(context.Background(), mem, Options{})
	g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: policy(), Logger: slog.New(slog.DiscardHandler), OnRecord: exp.Record}
	serve(t, g, "/hook?host=codex", codexCat)
	exp.ForceFlush(context.Background())
	err := ej.ExportSpans(context.Background(), mem.GetSpans().Snapshots())
	if err == nil || !strings.Contains(err.Error(), "401") || !strings.Contains(err.Error(), "bad token") {
		t.Errorf("err = %v", err)
	}
}

func TestEnvironment(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, tt := range []struct {
		env  map[string]string
		o    Options
		want string
	}{
		{nil, Options{}, "http://localhost:4318/v1/traces"},
		{map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"}, Options{}, "http://c:4318/v1/traces"},
		{map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://t/x"}, Options{}, "https://t/x"},
		{map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://t/x"}, Options{Endpoint: "http://flag:4318"}, "http://flag:4318/v1/traces"},
	} {
		if got, err := endpoint(tt.o, env(tt.env)); got != tt.want || err != nil {
			t.Errorf("%v %+v: %q %v, want %q", tt.env, tt.o, got, err, tt.want)
		}
	}
	for _, bad := range []map[string]string{{"OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}, {"OTEL_EXPORTER_OTLP_HEADERS": "novalue"},
		{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "c:4318"}, {"OTEL_EXPORTER_OTLP_HEADERS": "k=%zz"}} {
		if _, err := New(context.Background(), Options{Getenv: env(bad)}); err == nil {
			t.Errorf("%v accepted", bad)
		} else if strings.Contains(err.Error(), "%zz") {
			t.Errorf("the error quotes a header's value: %v", err)
		}
	}
}

// The developer who asked is the span's enduser.id; a gateway without
// identities sends none.
func TestSpanUser(t *testing.T) {
	got := map[attribute.Key]string{}
	for _, kv := range Attributes(hookhttp.RequestRecord{User: "alice", Wire: "envelope"}) {
		got[kv.Key] = kv.Value.AsString()
	}
	if got["enduser.id"] != "alice" {
		t.Errorf("enduser.id = %q, want alice", got["enduser.id"])
	}
	for _, kv := range Attributes(hookhttp.RequestRecord{Wire: "envelope"}) {
		if kv.Key == "enduser.id" {
			t.Errorf("enduser.id %q without a user", kv.Value.AsString())
		}
	}
}

// A token in the command, the cwd, the reason, a warning, the fail
// policy's words and a check's note reaches no span attribute, event or
// status, whether the record came from the gateway (with LogCommands) or
// from a caller of Record; ordinary text is kept.
func TestSpansRedactSecrets(t *testing.T) {
	tok := "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
	mem := tracetest.NewInMemoryExporter()
	exp, err := newExporter(context.Background(), mem, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := hooks.Handlers{PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		hooks.ReportCheck(ctx, hooks.Check{Name: "secrets", Decision: hooks.DecisionDeny, Note: "token " + tok})
		return hooks.Deny("no `" + ev.Tool.Input.(*hooks.ShellInput).Command + "`"), nil
	}}
	g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: p, Logger: slog.New(slog.DiscardHandler), OnRecord: exp.Record, LogCommands: true}
	serve(t, g, "/hook?host=codex", `{"session_id":"s-1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"curl -H 'Authorization: token `+tok+`' https://api.github.com/user"},"tool_use_id":"call_1"}`)
	exp.Record(context.Background(), hookhttp.RequestRecord{Record: hooks.Record{Host: "claude", NativeEvent: "PreToolUse",
		Command: "echo " + tok, Cwd: "/home/dev/" + tok, Warnings: []string{"w " + tok}, Fail: "handler: " + tok, Paths: []string{"/tmp/" + tok}}})
	if err := exp.ForceFlush(context.Background()); err != nil {
		t.Fatal(err)
	}
	spans := mem.GetSpans().Snapshots()
	if len(spans) != 2 {
		t.Fatalf("%d spans", len(spans))
	}
	var all strings.Builder
	for _, s := range spans {
		fmt.Fprintf(&all, "%v %v %v\n", s.Attributes(), s.Events(), s.Status())
	}
	for _, s := range []string{tok, tok[4:20]} {
		if strings.Contains(all.String(), s) {
			t.Errorf("a span holds %q:\n%s", s, all.String())
		}
	}
	for _, want := range []string{"https://api.github.com/user", "[REDACTED github-token]", "/home/dev/project", "handler: [REDACTED"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("the spans lost %q:\n%s", want, all.String())
		}
	}
}
