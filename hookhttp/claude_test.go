package hookhttp_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/agenthooks/hooks/hookhttp"
)

func TestClaudeHook(t *testing.T) {
	for _, tt := range []struct {
		url, env string
		timeout  time.Duration
		want     string
	}{
		{"https://gw.example.com/hook", "HOOKS_GATEWAY_TOKEN", 30 * time.Second,
			`{"type":"http","url":"https://gw.example.com/hook?host=claude\u0026timeout=30","timeout":30,"headers":{"Authorization":"Bearer ${HOOKS_GATEWAY_TOKEN}"},"allowedEnvVars":["HOOKS_GATEWAY_TOKEN"]}`},
		{"http://127.0.0.1:8787/hook?team=a", "", 0,
			`{"type":"http","url":"http://127.0.0.1:8787/hook?host=claude\u0026team=a"}`},
		{"https://gw.example.com", "_T1", 500 * time.Millisecond,
			`{"type":"http","url":"https://gw.example.com?host=claude\u0026timeout=1","timeout":1,"headers":{"Authorization":"Bearer ${_T1}"},"allowedEnvVars":["_T1"]}`},
	} {
		h, err := hookhttp.ClaudeHook(tt.url, tt.env, tt.timeout)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(h)
		if string(b) != tt.want {
			t.Errorf("ClaudeHook(%q, %q, %v)\n got %s\nwant %s", tt.url, tt.env, tt.timeout, b, tt.want)
		}
	}
	for _, bad := range [][2]string{{"gw.example.com/hook", "T"}, {"ftp://gw/x", "T"}, {"https://gw/x", "$T"}, {"https://gw/x", "1T"}, {"https://gw/x", "A-B"}, {"https://gw/x", "${T}"},
		// Claude Code sends "${lower}" as it is: the token never reaches the gateway.
		{"https://gw/x", "hooks_token"}, {"https://gw/x", "Hooks_Token"}} {
		if _, err := hookhttp.ClaudeHook(bad[0], bad[1], 0); err == nil {
			t.Errorf("ClaudeHook(%q, %q) accepted", bad[0], bad[1])
		}
	}
}
