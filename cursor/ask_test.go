package cursor

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

func TestAskOn(t *testing.T) {
	for _, c := range []struct {
		version, native string
		want            AskBehaviour
	}{
		{"2.3.9", EventBeforeShellExecution, AskPrompts},
		{"1.7.0", EventBeforeMCPExecution, AskPrompts},
		{"2.4.21", EventBeforeShellExecution, AskAsDeny},
		{"2.4.21-pre.1", EventBeforeShellExecution, AskAsDeny},
		{"2.7.0-pre.78.patch.0", EventBeforeShellExecution, AskAsDeny},
		{"3.9.16", EventBeforeShellExecution, AskAsDeny},
		{"3.20.21", EventBeforeShellExecution, AskAsAllow},
		{"3.11.18", EventBeforeShellExecution, AskUnknown},
		{"2026.07.23-e383d2b", EventBeforeShellExecution, AskUnknown},
		{"", EventBeforeShellExecution, AskUnknown},
		{"2.3", EventBeforeShellExecution, AskUnknown},
		{"02.3.0", EventBeforeShellExecution, AskUnknown},
		{"2.3.9", EventPreToolUse, AskUnknown},
		{"2.3.9", EventSubagentStart, AskAsDeny},
		{"2.3.9", EventBeforeReadFile, AskUnknown},
	} {
		if got, why := AskOn(c.version, c.native); got != c.want || why == "" {
			t.Errorf("AskOn(%q, %s) = %s (%q), want %s", c.version, c.native, got, why, c.want)
		}
	}
}

// askAnswer is what a Server sends for an Ask on payload.
func askAnswer(t *testing.T, payload []byte, always bool) hooks.Result {
	t.Helper()
	h := hooks.Handlers{AskFallbackAlways: always,
		Any: func(context.Context, hooks.Event) (hooks.Response, error) { return hooks.Ask("needs a human"), nil }}
	return (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: New(), Payload: payload})
}

// TestAskOnRecordedBuilds: on every gate payload of the recorded Cursor
// builds (IDE 3.9.16, CLI 2026.07.23 and 2026.09.02) an ask is sent as
// the fallback's deny, never as "ask": 3.9.16 was recorded blocking an ask
// outright (the ASK-PROBE of cursor-run4-logs.jsonl, followed by a
// postToolUseFailure), and nothing is known of the CLI builds.
func TestAskOnRecordedBuilds(t *testing.T) {
	seen, probe := 0, false
	for _, c := range readCaptures(t) {
		ev, err := New().Parse(c.payload)
		if err != nil || (ev.Name() != hooks.PreToolUse && ev.Name() != hooks.SubagentStart) {
			continue
		}
		seen++
		v := Version(ev)
		if v == "" {
			t.Errorf("%s: no cursor_version", c.where)
		}
		if New().TakesAsk(ev) {
			t.Errorf("%s: build %q is said to take an ask", c.where, v)
		}
		res := askAnswer(t, c.payload, false)
		if !bytes.Contains(res.Output.Stdout, []byte(`"permission":"deny"`)) {
			t.Errorf("%s (%s %s): ask sent as %q", c.where, v, ev.Common().NativeEvent, res.Output.Stdout)
		}
		if ev.Common().NativeEvent == EventBeforeShellExecution && strings.Contains(string(c.payload), "ASK-PROBE") {
			probe = true
			if b, _ := AskOn(v, EventBeforeShellExecution); b != AskAsDeny {
				t.Errorf("%s: the recorded ask probe's build %s is %s, not deny", c.where, v, b)
			}
		}
	}
	if seen < 10 || !probe {
		t.Errorf("saw %d gate payloads, ask probe %v", seen, probe)
	}
}

// TestAskByVersion: a build before 2.4.21 gets the ask itself on
// beforeShellExecution (not on preToolUse, where no build enforces it),
// unless the policy opts out with AskFallbackAlways.
func TestAskByVersion(t *testing.T) {
	shell := []byte(`{"conversation_id":"c","generation_id":"g","model":"default","command":"git push","cwd":"","sandbox":false,` +
		`"session_id":"c","hook_event_name":"beforeShellExecution","cursor_version":"2.3.9","workspace_roots":["/home/dev/project"],` +
		`"user_email":"dev@example.com","transcript_path":null}`)
	res := askAnswer(t, shell, false)
	if got := string(res.Output.Stdout); got != `{"permission":"ask","user_message":"needs a human","agent_message":"needs a human"}`+"\n" || len(res.Warnings) != 0 {
		t.Errorf("2.3.9 ask: %q, warnings %v", got, res.Warnings)
	}
	res = askAnswer(t, shell, true)
	if !bytes.Contains(res.Output.Stdout, []byte(`"permission":"deny"`)) || len(res.Warnings) != 1 {
		t.Errorf("2.3.9 ask with AskFallbackAlways: %q, warnings %v", res.Output.Stdout, res.Warnings)
	}
	newer := bytes.Replace(shell, []byte(`"2.3.9"`), []byte(`"3.20.21"`), 1)
	if res := askAnswer(t, newer, false); !bytes.Contains(res.Output.Stdout, []byte(`"permission":"deny"`)) {
		t.Errorf("3.20.21 (ask runs the call) ask: %q", res.Output.Stdout)
	}
	pre := []byte(`{"conversation_id":"c","generation_id":"g","model":"default","tool_name":"Shell","tool_input":{"command":"git push","cwd":"","timeout":30000},` +
		`"tool_use_id":"t","cwd":"","session_id":"c","hook_event_name":"preToolUse","cursor_version":"2.3.9","workspace_roots":["/home/dev/project"]}`)
	if res := askAnswer(t, pre, false); !bytes.Contains(res.Output.Stdout, []byte(`"permission":"deny"`)) {
		t.Errorf("2.3.9 preToolUse ask: %q", res.Output.Stdout)
	}
}
