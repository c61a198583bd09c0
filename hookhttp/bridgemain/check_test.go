package bridgemain_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hookhttp/bridgemain"
)

// A bridge binary (examples/bridge) does not pass through an answer the
// host would not take: a gateway's exit code 3 or non-JSON stdout is the
// bridge's fail policy.
func TestMainRefusesBadGatewayAnswer(t *testing.T) {
	pre := `{"session_id":"s","turn_id":"t","transcript_path":"/home/dev/r.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"c1"}`
	for _, envelope := range []string{
		`{"host":"codex","stdout":"","stderr":"x","exit_code":3}`,
		`{"host":"codex","stdout":"allow\n","exit_code":0}`,
	} {
		gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set(hookhttp.HeaderWire, hookhttp.WireEnvelope)
			w.Write([]byte(envelope))
		}))
		var o, e bytes.Buffer
		code := bridgemain.Main(context.Background(), hooks.Handlers{}, []string{"--host", "codex", "--fail-closed", "--gateway", gw.URL}, strings.NewReader(pre), &o, &e)
		gw.Close()
		if code != 0 || !strings.Contains(o.String(), `"permissionDecision":"deny"`) || !strings.Contains(e.String(), "fail-closed") {
			t.Errorf("%s: exit %d\nstdout %q\nstderr %q", envelope, code, o.String(), e.String())
		}
	}
}
