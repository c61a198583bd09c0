package hookhttp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hostfacts"
)

// The bridge accepts from the gateway only what the host's adapter would
// accept (exit code 0 or 2, an answer hostfacts.CheckAnswer passes); anything
// else is the bridge's fail policy, in the host's dialect.
func TestForwardChecksAnswer(t *testing.T) {
	adapters := builtin.Adapters()
	payloads := map[hooks.Host]string{
		"claude": `{"session_id":"s","transcript_path":"/home/dev/t.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"t1"}`,
		"codex":  `{"session_id":"s","turn_id":"t","transcript_path":"/home/dev/r.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"c1"}`,
		"cursor": `{"conversation_id":"c","generation_id":"g","model":"m","command":"rm -rf build","cwd":"/home/dev/project","hook_event_name":"beforeShellExecution","cursor_version":"3.9.16","workspace_roots":["/home/dev/project"]}`,
	}
	tests := []struct {
		name     string
		host     hooks.Host
		envelope string
		wantErr  string // "" when the answer is accepted
	}{
		{"claude deny", "claude", `{"host":"claude","stdout":"{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"no\"}}\n","exit_code":0}`, ""},
		{"claude block by exit 2", "claude", `{"host":"claude","stdout":"","stderr":"no","exit_code":2}`, ""},
		{"claude block by exit 2 without a reason", "claude", `{"host":"claude","stdout":"","exit_code":2}`, ""},
		{"claude no opinion", "claude", `{"host":"claude","stdout":"","exit_code":0}`, ""},
		{"exit code 3", "claude", `{"host":"claude","stdout":"","stderr":"x","exit_code":3}`, "gateway answered exit code 3"},
		{"exit code 1", "codex", `{"host":"codex","stdout":"","exit_code":1}`, "gateway answered exit code 1"},
		{"claude stdout not JSON", "claude", `{"host":"claude","stdout":"{\"hookSpecificOutput\":","exit_code":0}`, "gateway answer is not one claude takes: stdout is not one JSON object"},
		{"claude plain text it ignores", "claude", `{"host":"claude","stdout":"allowed, trust me\n","exit_code":0}`, "gateway answer is not one claude takes: plain text on stdout"},
		{"claude answer for another event", "claude", `{"host":"claude","stdout":"{\"hookSpecificOutput\":{\"hookEventName\":\"PostToolUse\"}}\n","exit_code":0}`, `not the running event "PreToolUse"`},
		{"codex field outside its schema", "codex", `{"host":"codex","stdout":"{\"nonsense\":true}\n","exit_code":0}`, "gateway answer is not one codex takes"},
		{"cursor deny", "cursor", `{"host":"cursor","stdout":"{\"permission\":\"deny\",\"user_message\":\"no\",\"agent_message\":\"no\"}\n","exit_code":0}`, ""},
		{"cursor not JSON", "cursor", `{"host":"cursor","stdout":"deny\n","exit_code":0}`, "gateway answer is not one cursor takes: stdout is not one JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set(hookhttp.HeaderWire, hookhttp.WireEnvelope)
				w.Write([]byte(tt.envelope))
			}))
			defer gw.Close()
			a := find(adapters, tt.host)
			for _, fail := range []hooks.FailPolicy{hooks.FailOpen, hooks.FailClosed} {
				br := hookhttp.Bridge{URL: gw.URL, Fail: fail}
				rep := br.Forward(context.Background(), a, []byte(payloads[tt.host]), 0)
				if tt.wantErr == "" {
					if rep.Err != nil {
						t.Errorf("%s: refused: %v", fail, rep.Err)
					}
					var want hookhttp.Reply
					json.Unmarshal([]byte(tt.envelope), &want)
					if rep.Stdout != want.Stdout || rep.ExitCode != want.ExitCode {
						t.Errorf("%s: got %q exit %d, want the gateway's %q exit %d", fail, rep.Stdout, rep.ExitCode, want.Stdout, want.ExitCode)
					}
					continue
				}
				if rep.Err == nil || !strings.Contains(rep.Err.Error(), tt.wantErr) {
					t.Fatalf("%s: Err = %v, want %q", fail, rep.Err, tt.wantErr)
				}
				// The bridge's fail policy, rendered for the host.
				srv := hooks.Server{Handlers: hooks.Handlers{Fail: fail}}
				want := srv.Answer(context.Background(), hooks.Request{Adapter: a, Payload: []byte(payloads[tt.host]), Err: rep.Err}).Output
				if rep.Stdout != string(want.Stdout) || rep.ExitCode != want.ExitCode {
					t.Errorf("%s: got %q exit %d, want the fail policy's %q exit %d", fail, rep.Stdout, rep.ExitCode, want.Stdout, want.ExitCode)
				}
				if fail == hooks.FailClosed && !strings.Contains(rep.Stdout+rep.Stderr, "deny") && rep.ExitCode != 2 {
					t.Errorf("fail-closed did not block: %q %q exit %d", rep.Stdout, rep.Stderr, rep.ExitCode)
				}
			}
		})
	}
}

// Without an adapter (the bridge could not tell the host), only what every
// host reads alike passes: no output, or exit code 2.
func TestForwardChecksAnswerUnknownHost(t *testing.T) {
	for _, tt := range []struct {
		envelope string
		ok       bool
	}{
		{`{"host":"claude","stdout":"","exit_code":0}`, true},
		{`{"stdout":"","stderr":"blocked","exit_code":2}`, true},
		{`{"host":"claude","stdout":"{\"decision\":\"approve\"}\n","exit_code":0}`, false},
		{`{"stdout":"","exit_code":3}`, false},
	} {
		gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set(hookhttp.HeaderWire, hookhttp.WireEnvelope)
			w.Write([]byte(tt.envelope))
		}))
		br := hookhttp.Bridge{URL: gw.URL, Fail: hooks.FailClosed}
		rep := br.Forward(context.Background(), nil, []byte(`{}`), 0)
		gw.Close()
		if (rep.Err == nil) != tt.ok {
			t.Errorf("%s: Err = %v, want accepted %v", tt.envelope, rep.Err, tt.ok)
		}
		if !tt.ok && rep.ExitCode != 2 {
			t.Errorf("%s: fail-closed answer exit %d, want 2", tt.envelope, rep.ExitCode)
		}
	}
}

// TestForwardTakesEveryHostsOwnAnswer: the gateway's deny, as each host's
// adapter writes it, passes the bridge's check on the host's own payload.
// OpenCode's, Kilo's and Pi's payloads name no hook_event_name: the check
// once read them as an event the shim acts on no answer to, refused the
// deny, and a fail-open bridge let the call run (found by the e2e
// gateway rows).
func TestForwardTakesEveryHostsOwnAnswer(t *testing.T) {
	for _, a := range builtin.Adapters() {
		s, ok := a.(hostfacts.Sampler)
		if !ok {
			continue
		}
		for _, c := range a.Capabilities() {
			if c.Event != hooks.PreToolUse || !c.Honours.Has(hooks.FieldDeny) {
				continue
			}
			payload := s.SamplePayload(c.Native, "/home/dev/project")
			if payload == nil {
				continue
			}
			ev, err := a.Parse(payload)
			if err != nil {
				t.Fatalf("%s %s: sample: %v", a.Host(), c.Native, err)
			}
			out, err := a.Serialize(ev, hooks.Deny("no rm -rf"))
			if err != nil {
				t.Fatalf("%s %s: %v", a.Host(), c.Native, err)
			}
			env, _ := json.Marshal(hookhttp.Reply{Host: a.Host(), Stdout: string(out.Stdout), Stderr: out.Stderr, ExitCode: out.ExitCode})
			gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set(hookhttp.HeaderWire, hookhttp.WireEnvelope)
				w.Write(env)
			}))
			br := hookhttp.Bridge{URL: gw.URL, Fail: hooks.FailOpen}
			rep := br.Forward(context.Background(), a, payload, 0)
			gw.Close()
			if rep.Err != nil || rep.Stdout != string(out.Stdout) || rep.ExitCode != out.ExitCode {
				t.Errorf("%s %s: the gateway's deny became %q exit %d (%v)", a.Host(), c.Native, rep.Stdout, rep.ExitCode, rep.Err)
			}
		}
	}
}
