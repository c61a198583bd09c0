package hookhttp_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

// BenchmarkHandler measures the gateway's own cost per request, without
// the network: a Claude PreToolUse deny over the plain wire; with no
// decision log (host), with the default one (host-logged,
// hookhttp.JSONLogger) and through slog's JSON handler (host-slog).
func BenchmarkHandler(b *testing.B) {
	g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: realPolicy(), Auth: hookhttp.Bearer("tok"), Logger: quiet()}
	logged := &hookhttp.Handler{Adapters: g.Adapters, Handlers: g.Handlers, Auth: g.Auth, Logger: hookhttp.JSONLogger(io.Discard)}
	slogged := &hookhttp.Handler{Adapters: g.Adapters, Handlers: g.Handlers, Auth: g.Auth, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))}
	// MaxHeap set (examples/gateway's default): each request joins the
	// heap watch that cuts work in flight short.
	heaped := &hookhttp.Handler{Adapters: g.Adapters, Handlers: g.Handlers, Auth: g.Auth, Logger: quiet(), MaxHeap: 1 << 40}
	// A company's gateway: each developer's token from a file of 200, a
	// rate per developer, the default log.
	tokens := filepath.Join(b.TempDir(), "tokens")
	var lines strings.Builder
	for i := range 200 {
		lines.WriteString(tokenLine(fmt.Sprintf("dev%03d", i), fmt.Sprintf("tok%03d", i)))
	}
	lines.WriteString(tokenLine("bench", "tok"))
	os.WriteFile(tokens, []byte(lines.String()), 0o600)
	users, err := hookhttp.LoadTokens(tokens)
	if err != nil {
		b.Fatal(err)
	}
	company := &hookhttp.Handler{Adapters: g.Adapters, Handlers: g.Handlers, Identify: users.Identify, Rate: &hookhttp.RateLimit{PerMinute: 1 << 30},
		Logger: hookhttp.JSONLogger(io.Discard)}
	payload := `{"session_id":"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d","transcript_path":"/home/dev/.claude/projects/-home-dev-project/5b1d2c3e.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build","description":"clean build"},"tool_use_id":"toolu_00a1b2c3d4e5f6a7b8c9"}`
	for _, c := range []struct {
		name, target string
		g            *hookhttp.Handler
	}{{"host", "/hook?host=claude&timeout=30", g}, {"host-logged", "/hook?host=claude&timeout=30", logged}, {"host-slog", "/hook?host=claude&timeout=30", slogged}, {"host-maxheap", "/hook?host=claude&timeout=30", heaped},
		{"host-identity-logged", "/hook?host=claude&timeout=30", company}, {"detected", "/hook", g}} {
		target, g := c.target, c.g
		b.Run(c.name, func(b *testing.B) {
			// One request, its body rewound each time, and a writer that
			// keeps nothing: what is measured is the gateway's own work.
			req := httptest.NewRequest(http.MethodPost, target, nil)
			req.Header.Set("Authorization", "Bearer tok")
			body := strings.NewReader(payload)
			req.Body = io.NopCloser(body)
			req.ContentLength = int64(len(payload))
			w := &discardWriter{header: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				body.Reset(payload)
				clear(w.header)
				g.ServeHTTP(w, req)
				if w.status != 200 || w.n == 0 {
					b.Fatal(w.status, w.n)
				}
			}
		})
	}
}

// discardWriter is an http.ResponseWriter that keeps only the status and
// the body's length. It can flush, as net/http's writers can, so that the
// gateway answers on the request's goroutine.
type discardWriter struct {
	header http.Header
	status int
	n      int
}

func (d *discardWriter) Header() http.Header { return d.header }

func (d *discardWriter) WriteHeader(status int) { d.status = status }

func (d *discardWriter) Write(b []byte) (int, error) {
	d.n = len(b)
	return len(b), nil
}

func (d *discardWriter) Flush() {}
