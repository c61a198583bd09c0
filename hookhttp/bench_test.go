package hookhttp_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hookmain"
)

// BenchmarkHandler measures the gateway's own cost per request, without
// the network: a Claude PreToolUse deny over the plain wire.
func BenchmarkHandler(b *testing.B) {
	g := &hookhttp.Handler{Adapters: hookmain.Adapters(), Handlers: realPolicy(), Auth: hookhttp.Bearer("tok"), Logger: quiet()}
	logged := *g
	logged.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
	payload := `{"session_id":"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d","transcript_path":"/home/dev/.claude/projects/-home-dev-project/5b1d2c3e.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build","description":"clean build"},"tool_use_id":"toolu_00a1b2c3d4e5f6a7b8c9"}`
	for _, c := range []struct {
		name, target string
		g            *hookhttp.Handler
	}{{"host", "/hook?host=claude&timeout=30", g}, {"host-logged", "/hook?host=claude&timeout=30", &logged}, {"detected", "/hook", g}} {
		target, g := c.target, c.g
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(payload))
				req.Header.Set("Authorization", "Bearer tok")
				rec := httptest.NewRecorder()
				g.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}
