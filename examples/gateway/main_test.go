package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestParse(t *testing.T) {
	var errs bytes.Buffer
	if _, err := parse(nil, env(nil), &errs); err == nil || !strings.Contains(err.Error(), "HOOKS_GATEWAY_TOKEN") {
		t.Errorf("no token: err = %v", err)
	}
	c, err := parse([]string{"-addr", ":9000", "-token-env", "T"}, env(map[string]string{"T": "x"}), &errs)
	if err != nil {
		t.Fatal(err)
	}
	if c.addr != ":9000" || c.token != "x" || c.fail != hooks.FailClosed {
		t.Errorf("config %+v", c)
	}
	c, _ = parse([]string{"-fail-open"}, env(map[string]string{"HOOKS_GATEWAY_TOKEN": "x"}), &errs)
	if c.fail != hooks.FailOpen {
		t.Error("-fail-open ignored")
	}
	if _, err := parse([]string{"-timeout", "0s"}, env(map[string]string{"HOOKS_GATEWAY_TOKEN": "x"}), &errs); err == nil {
		t.Error("a zero timeout was accepted")
	}
}

const token = "test-token"

func start(t *testing.T) (*httptest.Server, *bytes.Buffer) {
	var logs bytes.Buffer
	c := config{token: token, fail: hooks.FailClosed, timeout: 2e9, maxInput: 1 << 20}
	srv := httptest.NewServer(newMux(c, slog.New(slog.NewJSONHandler(&logs, nil)), nil))
	t.Cleanup(srv.Close)
	return srv, &logs
}

// TestClaudeHTTP posts Claude Code payloads as its HTTP hook does.
func TestClaudeHTTP(t *testing.T) {
	srv, logs := start(t)
	for _, tt := range []struct {
		name, payload, auth string
		status              int
		body                string
	}{
		{"rm -rf denied", `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cd build/.. && rm -fr build"},"tool_use_id":"t1"}`, token,
			200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guard: rule 1 (no recursive delete of anything not scratch): `},
		{".env write denied", `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/home/dev/project/.env","content":"K=1"},"tool_use_id":"t2"}`, token,
			200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guard: rule 3 (no write of a secrets file): /home/dev/project/.env is a .env file`},
		{"ls allowed", `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t3"}`, token, 200, ""},
		{"unparseable, blocked", `{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, token,
			200, `{"decision":"block","reason":"hook failed, blocked by its fail-closed policy: parse claude payload: `},
		{"wrong token", `{"hook_event_name":"PreToolUse"}`, "nope", 401, "unauthorized\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", srv.URL+"/hook?host=claude&timeout=30", strings.NewReader(tt.payload))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+tt.auth)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.status || !strings.HasPrefix(string(b), tt.body) || (tt.body == "" && len(b) > 0) {
				t.Errorf("%d %q, want %d %q", resp.StatusCode, b, tt.status, tt.body)
			}
		})
	}
	if strings.Contains(logs.String(), token) || strings.Contains(logs.String(), "rm -fr") {
		t.Errorf("logs hold the token or a payload:\n%s", logs.String())
	}
	if !strings.Contains(logs.String(), `"decision":"deny"`) {
		t.Errorf("no decision logged:\n%s", logs.String())
	}
}

// TestBridges runs the forwarding mode of the hook binary for the
// command-only hosts, as their hook configurations in README.md do.
func TestBridges(t *testing.T) {
	srv, _ := start(t)
	t.Setenv(hookhttp.DefaultTokenEnv, token)
	for _, tt := range []struct {
		host, payload, want string
		exit                int
	}{
		{"cursor", `{"conversation_id":"c1","generation_id":"g1","command":"rm -rf build","cwd":"/home/dev/project","hook_event_name":"beforeShellExecution","cursor_version":"3.9.16","workspace_roots":["/home/dev/project"]}`,
			`"permission":"deny"`, 0},
		{"gemini", `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-01-15T10:00:02.100Z","tool_name":"write_file","tool_input":{"file_path":"/home/dev/project/.env","content":"K=1"}}`,
			`"decision":"deny"`, 0},
		{"codex", `{"session_id":"s","turn_id":"t","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"command rm -rf dir"},"tool_use_id":"c1"}`,
			`"permissionDecision":"deny"`, 0},
	} {
		var o, e bytes.Buffer
		code := hookhttp.BridgeMain(context.Background(), hooks.Handlers{Fail: hooks.FailClosed},
			[]string{"--host", tt.host, "--gateway", srv.URL + "/hook", "--timeout", "30s"}, strings.NewReader(tt.payload), &o, &e)
		if code != tt.exit || !strings.Contains(o.String(), tt.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %s", tt.host, code, o.String(), e.String(), tt.want)
		}
	}
}

func TestHealthz(t *testing.T) {
	srv, _ := start(t)
	resp, err := http.Get(srv.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("status %d", resp.StatusCode)
	}
}

// A host name the gateway does not know (a typo in a hand-written hook
// entry) is a configuration error, blocked even under -fail-open.
func TestUnknownHostFailsClosed(t *testing.T) {
	var logs bytes.Buffer
	c := config{token: token, fail: hooks.FailOpen, timeout: 2e9, maxInput: 1 << 20, maxInFlight: 4}
	srv := httptest.NewServer(newMux(c, slog.New(slog.NewJSONHandler(&logs, nil)), nil))
	defer srv.Close()
	payload := `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t1"}`
	req, _ := http.NewRequest("POST", srv.URL+"/hook?host=claud", strings.NewReader(payload))
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	// The payload does not say which of the Claude-like hosts sent it:
	// the answer is the top-level block Claude Code honours everywhere.
	if resp.StatusCode != 200 || !strings.HasPrefix(string(b), `{"decision":"block","reason":"hook failed, blocked by its fail-closed policy: cannot tell which host sent this payload: unknown host \"claud\"`) {
		t.Errorf("%d %s", resp.StatusCode, b)
	}
}

func TestParseLimits(t *testing.T) {
	var errs bytes.Buffer
	tok := env(map[string]string{"HOOKS_GATEWAY_TOKEN": "x"})
	c, err := parse(nil, tok, &errs)
	if err != nil || c.maxInFlight != hookhttp.DefaultMaxInFlight || c.maxHeap != 1<<30 || c.maxInput != hooks.DefaultMaxInput {
		t.Errorf("defaults: %+v %v", c, err)
	}
	c, err = parse([]string{"-max-in-flight", "3", "-max-heap", "0"}, tok, &errs)
	if err != nil || c.maxInFlight != 3 || c.maxHeap != 0 {
		t.Errorf("set: %+v %v", c, err)
	}
	for _, bad := range [][]string{{"-max-in-flight", "0"}, {"-max-heap", "-1"}, {"-max-input", "0"}} {
		if _, err := parse(bad, tok, &errs); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestParseExport(t *testing.T) {
	var errs bytes.Buffer
	tok := map[string]string{"HOOKS_GATEWAY_TOKEN": "x"}
	c, err := parse(nil, env(tok), &errs)
	if err != nil || c.otlp != "" || c.otlpEnv || c.observe || c.logCommands {
		t.Errorf("defaults: %+v %v", c, err)
	}
	c, err = parse([]string{"-otlp-endpoint", "http://127.0.0.1:4318", "-observe", "-log-commands"}, env(tok), &errs)
	if err != nil || c.otlp != "http://127.0.0.1:4318" || !c.observe || !c.logCommands {
		t.Errorf("set: %+v %v", c, err)
	}
	withEnv := map[string]string{"HOOKS_GATEWAY_TOKEN": "x", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}
	if c, err := parse(nil, env(withEnv), &errs); err != nil || !c.otlpEnv {
		t.Errorf("OTEL_EXPORTER_OTLP_ENDPOINT ignored: %+v %v", c, err)
	}
	for _, bad := range []string{"127.0.0.1:4318", "grpc://127.0.0.1:4317", "http://"} {
		if _, err := parse([]string{"-otlp-endpoint", bad}, env(tok), &errs); err == nil {
			t.Errorf("-otlp-endpoint %s accepted", bad)
		}
	}
}

// In observe mode the gateway answers no opinion to a command it would
// deny, and logs the deny it would have sent, with the guard's checks.
func TestObserve(t *testing.T) {
	var logs bytes.Buffer
	c := config{token: token, fail: hooks.FailClosed, timeout: 2e9, maxInput: 1 << 20, maxInFlight: 4, observe: true}
	srv := httptest.NewServer(newMux(c, slog.New(slog.NewJSONHandler(&logs, nil)), nil))
	defer srv.Close()
	payload := `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /home/dev/project"},"tool_use_id":"t1"}`
	req, _ := http.NewRequest("POST", srv.URL+"/hook?host=claude", strings.NewReader(payload))
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || strings.Contains(string(b), "deny") {
		t.Errorf("observing, answered %d %s", resp.StatusCode, b)
	}
	if !strings.Contains(logs.String(), `"sent":"none"`) || !strings.Contains(logs.String(), `"observe":true,"would":"deny"`) ||
		!strings.Contains(logs.String(), `{"name":"rule1-delete","decision":"deny","duration_ms":`) {
		t.Errorf("log: %s", logs.String())
	}
}
