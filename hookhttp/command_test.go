package hookhttp_test

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

func TestHasGateway(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want bool
	}{
		{nil, false},
		{[]string{"--host", "one"}, false},
		{[]string{"--host", "one", "--gateway", "https://gw"}, true},
		{[]string{"--gateway=https://gw"}, true},
		{[]string{"-gateway", "https://gw"}, true},
		{[]string{"--gateway="}, true},
		{[]string{"--gateway"}, true},
		{[]string{"--gateway-token-env", "X"}, false},
		{[]string{"--host", "--gateway"}, true},
	} {
		if got := hookhttp.HasGateway(tt.args); got != tt.want {
			t.Errorf("HasGateway(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

func bridgeMain(h hooks.Handlers, payload string, args ...string) (string, string, int) {
	var o, e bytes.Buffer
	code := hookhttp.BridgeMainWith(context.Background(), fakes, h, args, strings.NewReader(payload), &o, &e, nil)
	return o.String(), e.String(), code
}

// TestBridgeMain runs the forwarding mode as a hook binary would and
// compares it with the same policy run locally.
func TestBridgeMain(t *testing.T) {
	closed := guard()
	closed.Fail = hooks.FailClosed
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: fakes, Handlers: closed, Auth: hookhttp.Bearer("tok-1"), Logger: quiet()})
	defer gw.Close()
	t.Setenv(hookhttp.DefaultTokenEnv, "tok-1")
	t.Setenv("OTHER_TOKEN", "tok-1")

	for _, c := range []struct {
		payload string
		args    []string
	}{
		{`{"hook_event_name":"Pre","tool":"rm -rf /"}`, []string{"--host", "one"}},
		{`{"hook_event_name":"Pre","tool":"ls"}`, []string{"--host=two", "--timeout", "30"}},
		{`{"host":"two","hook_event_name":"Pre","tool":"rm -rf /"}`, nil},
		{`{"hook_event_name":"Pre","tool":"rm -rf /"}`, nil}, // undetectable: the gateway's policy answers
		{`{"hook_event_name":"Start"}`, []string{"--host", "one", "--bogus"}},
		{`not json`, []string{"--host", "one"}},
	} {
		args := append([]string{"--gateway", gw.URL + "/hook"}, c.args...)
		o, e, code := bridgeMain(hooks.Handlers{}, c.payload, args...)
		wo, we, wc := serveLocal(fakes, closed, c.payload, c.args...)
		if o != wo || e != we || code != wc {
			t.Errorf("%s %q: bridge wrote\n stdout %q\n stderr %q\n exit %d\nServe wrote\n stdout %q\n stderr %q\n exit %d", c.payload, c.args, o, e, code, wo, we, wc)
		}
	}

	deny := `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"
	rm := `{"hook_event_name":"Pre","tool":"rm -rf /"}`
	if o, _, _ := bridgeMain(hooks.Handlers{}, rm, "--gateway="+gw.URL, "--host", "one", "--gateway-token-env", "OTHER_TOKEN", "--gateway-timeout", "5s"); o != deny {
		t.Errorf("--gateway-token-env: stdout %q", o)
	}

	tokFile := filepath.Join(t.TempDir(), "token")
	os.WriteFile(tokFile, []byte("tok-1\n"), 0o600)
	if o, _, _ := bridgeMain(hooks.Handlers{}, rm, "--gateway", gw.URL, "--host", "one", "--gateway-token-env", "UNSET_TOKEN_VAR", "--gateway-token-file", tokFile); o != deny {
		t.Errorf("--gateway-token-file: stdout %q", o)
	}

	// Local failures: the local policy answers, in the host's dialect.
	for _, c := range []struct {
		name, wantStdout, wantStderr string
		wantExit                     int
		h                            hooks.Handlers
		args                         []string
	}{
		{name: "no token, fail-closed", args: []string{"--gateway", gw.URL, "--host", "one", "--fail-closed", "--gateway-token-env", "UNSET_TOKEN_VAR"},
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: bridge misconfigured: the gateway answered 401 Unauthorized: the token (--gateway-token-env, --gateway-token-file) is missing, wrong or not allowed"}` + "\n",
			wantStderr: "hooks: fail-closed: bridge misconfigured: the gateway answered 401 Unauthorized: the token (--gateway-token-env, --gateway-token-file) is missing, wrong or not allowed\n"},
		{name: "no token, fail-open by Handlers: a configuration error, answered fail-closed", h: hooks.Handlers{Fail: hooks.FailOpen}, args: []string{"--gateway", gw.URL, "--host", "one", "--gateway-token-env", "UNSET_TOKEN_VAR"},
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: bridge misconfigured: the gateway answered 401 Unauthorized: the token (--gateway-token-env, --gateway-token-file) is missing, wrong or not allowed"}` + "\n",
			wantStderr: "hooks: fail-closed: bridge misconfigured: the gateway answered 401 Unauthorized: the token (--gateway-token-env, --gateway-token-file) is missing, wrong or not allowed\n"},
		{name: "empty URL", h: hooks.Handlers{Fail: hooks.FailClosed}, args: []string{"--gateway=", "--host", "one"},
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: bridge misconfigured: the gateway URL is not an http or https URL"}` + "\n",
			wantStderr: "hooks: fail-closed: bridge misconfigured: the gateway URL is not an http or https URL\n"},
		{name: "missing URL", args: []string{"--host", "one", "--gateway"},
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: bad hook arguments: --gateway needs a value"}` + "\n",
			wantStderr: "hooks: fail-closed: bad hook arguments: --gateway needs a value\n"},
		{name: "misspelled fail-closed fails closed", h: hooks.Handlers{Fail: hooks.FailOpen}, args: []string{"--gateway", gw.URL, "--host", "one", "--fail-closd"},
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: bad hook arguments: unknown argument \"--fail-closd\" (did you mean --fail-closed?)"}` + "\n",
			wantStderr: "hooks: fail-closed: bad hook arguments: unknown argument \"--fail-closd\" (did you mean --fail-closed?)\n"},
		{name: "unknown host", args: []string{"--gateway", gw.URL, "--host", "nine", "--fail-closed"},
			wantExit: 2, wantStderr: "hook failed, blocked by its fail-closed policy: cannot tell which host sent this payload: unknown host \"nine\" (known: one, two)\n"},
		{name: "unreadable token file", args: []string{"--gateway", gw.URL, "--host", "one", "--fail-closed", "--gateway-token-file", filepath.Join(t.TempDir(), "none")},
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: cannot read the gateway token file"}` + "\n",
			wantStderr: "hooks: fail-closed: cannot read the gateway token file\n"},
		{name: "bad budget", args: []string{"--gateway", gw.URL, "--host", "one", "--gateway-timeout", "soon"},
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: bad hook arguments: --gateway-timeout: \"soon\" is not a duration (10s, 1m) or a number of seconds"}` + "\n",
			wantStderr: "hooks: fail-closed: bad hook arguments: --gateway-timeout: \"soon\" is not a duration (10s, 1m) or a number of seconds\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, e, code := bridgeMain(c.h, rm, c.args...)
			if o != c.wantStdout || e != c.wantStderr || code != c.wantExit {
				t.Errorf("wrote\n stdout %q\n stderr %q\n exit %d\nwant\n stdout %q\n stderr %q\n exit %d", o, e, code, c.wantStdout, c.wantStderr, c.wantExit)
			}
		})
	}

	t.Run("stdin held open gets the fail policy at the deadline", func(t *testing.T) {
		var o, e bytes.Buffer
		stdin := heldOpen{strings.NewReader(rm)}
		code := hookhttp.BridgeMainWith(context.Background(), fakes, hooks.Handlers{}, []string{"--gateway", gw.URL, "--host", "one", "--fail-closed", "--timeout", "0.2"}, stdin, &o, &e, nil)
		if o.String() != "" || code != 2 || !strings.Contains(e.String(), "stdin did not end in time") {
			t.Errorf("wrote %q %q %d; want the fail-closed block naming stdin", o.String(), e.String(), code)
		}
	})

	t.Run("oversize stdin is not forwarded", func(t *testing.T) {
		h := hooks.Handlers{Fail: hooks.FailClosed, MaxInput: 16}
		o, e, code := bridgeMain(h, rm, "--gateway", "http://127.0.0.1:1", "--host", "one")
		if o != "" || code != 2 || e != "hook failed, blocked by its fail-closed policy: payload too large: more than 16 bytes\n" {
			t.Errorf("wrote %q %q %d", o, e, code)
		}
	})
}

// --event travels from the bridge to the gateway (X-Hooks-Event), which
// hands it to the adapter: Claude Code's payloads name their own event, so
// the gateway answers as fail-closed would, naming --event, even with a
// fail-open policy that would allow.
func TestEventReachesTheGateway(t *testing.T) {
	allow := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Allow(), nil
	}}
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: allow, Logger: quiet()})
	defer gw.Close()
	pre := `{"session_id":"s","transcript_path":"/home/dev/t.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t1"}`
	var o, e bytes.Buffer
	code := hookhttp.BridgeMain(context.Background(), hooks.Handlers{}, []string{"--host", "claude", "--event", "PreToolUse", "--gateway", gw.URL},
		strings.NewReader(pre), &o, &e)
	if code != 0 || !strings.Contains(o.String(), `"permissionDecision":"deny"`) || !strings.Contains(o.String(), `--event \"PreToolUse\" given`) {
		t.Errorf("exit %d stdout %q stderr %q; want the gateway's fail-closed deny naming --event", code, o.String(), e.String())
	}
	// Without --event the gateway's policy answers.
	o.Reset()
	hookhttp.BridgeMain(context.Background(), hooks.Handlers{}, []string{"--host", "claude", "--gateway", gw.URL}, strings.NewReader(pre), &o, &e)
	if !strings.Contains(o.String(), `"permissionDecision":"allow"`) {
		t.Errorf("without --event: stdout %q, want the gateway's allow", o.String())
	}
}

// A bridge does not take --observe or --log: it would enforce unawares.
func TestBridgeRejectsObserveAndLog(t *testing.T) {
	for _, extra := range [][]string{{"--observe"}, {"--log", "/tmp/x.jsonl"}} {
		args := append([]string{"--host", "claude", "--gateway", "http://127.0.0.1:1/"}, extra...)
		var stdout, stderr strings.Builder
		code := hookhttp.BridgeMain(context.Background(), hooks.Handlers{}, args, strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"session_id":"s","cwd":"/home/dev","transcript_path":"/home/dev/t"}`), &stdout, &stderr)
		if code != 2 && !strings.Contains(stdout.String(), "deny") || !strings.Contains(stdout.String()+stderr.String(), "not on a bridge") {
			t.Errorf("%v: exit %d stdout %q stderr %q", extra, code, stdout.String(), stderr.String())
		}
	}
}

// heldOpen is a stdin whose writer never closes it.
type heldOpen struct{ data io.Reader }

func (h heldOpen) Read(p []byte) (int, error) {
	if n, _ := h.data.Read(p); n > 0 {
		return n, nil
	}
	select {}
}
