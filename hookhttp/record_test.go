package hookhttp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

const codexCat = `{"session_id":"s-1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"cat .env"},"tool_use_id":"call_1"}`

// The gateway logs, for every request, the record a hook's decision log
// has (the handler's ask and the deny Codex was sent), with the checks
// the policy reported, as one JSON object.
func TestGatewayRecord(t *testing.T) {
	var logs bytes.Buffer
	policy := hooks.Handlers{PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		hooks.ReportCheck(ctx, hooks.Check{Name: "rm-rf", Duration: 1500 * time.Microsecond})
		hooks.ReportCheck(ctx, hooks.Check{Name: "secrets", Decision: hooks.DecisionAsk, Duration: 2 * time.Millisecond, Note: ".env"})
		return hooks.Ask("secrets?"), nil
	}}
	for _, observe := range []bool{false, true} {
		logs.Reset()
		p := policy
		p.Observe = observe
		g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: p, Logger: slog.New(slog.NewJSONHandler(&logs, nil)), LogCommands: true}
		rec := post(g, "/hook?host=codex", codexCat)
		var m map[string]any
		if err := json.Unmarshal(logs.Bytes(), &m); err != nil {
			t.Fatalf("%v: %s", err, logs.String())
		}
		wantSent := "deny"
		if observe {
			wantSent = "none"
			if m["observe"] != true || m["would"] != "deny" || bytes.Contains(rec.Body.Bytes(), []byte("deny")) {
				t.Errorf("observe: %s answered %s", logs.String(), rec.Body.String())
			}
		}
		for k, want := range map[string]any{"msg": "hook", "host": "codex", "event": "PreToolUse", "unified": "PreToolUse", "tool": "Bash",
			"kind": "shell", "command": "cat .env", "decision": "ask", "sent": wantSent, "reason": "secrets?", "status": 200.0, "session": "s-1"} {
			if m[k] != want {
				t.Errorf("observe %v: %s = %#v, want %#v", observe, k, m[k], want)
			}
		}
		checks, _ := m["checks"].([]any)
		if len(checks) != 2 {
			t.Fatalf("checks %#v", m["checks"])
		}
		c := checks[1].(map[string]any)
		if c["name"] != "secrets" || c["decision"] != "ask" || c["duration_ms"] != 2.0 || c["note"] != ".env" {
			t.Errorf("check %#v", c)
		}
		if _, ok := m["duration_ms"].(float64); !ok {
			t.Errorf("no duration_ms: %s", logs.String())
		}
	}
}

// Without LogCommands, the record has no payload content.
func TestGatewayRecordNoCommands(t *testing.T) {
	var logs bytes.Buffer
	g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Deny("no"), nil
	}}, Logger: slog.New(slog.NewJSONHandler(&logs, nil))}
	post(g, "/hook?host=codex", codexCat)
	if bytes.Contains(logs.Bytes(), []byte(".env")) || !bytes.Contains(logs.Bytes(), []byte(`"sent":"deny"`)) {
		t.Errorf("%s", logs.String())
	}
}
