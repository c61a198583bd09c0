// Package benchtest holds the benchmarks of the pure core that every
// adapter package runs: one host payload from the adapter's own golden
// fixtures for each main event (PreToolUse of the shell, PostToolUse,
// UserPromptSubmit, Stop), answered through hooks.Server.Answer and through
// hooks.Server.Serve with in-memory stdin and stdout, by a trivial handler.
//
//	go test -run '^$' -bench . -benchmem ./claude ./cursor ./gemini ./codex
//
// BENCHMARKS.md at the module root has the numbers and how to compare two
// runs.
package benchtest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/failline"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
)

// Case is one benchmarked event: a unified event name (the sub-benchmark's
// name) and the golden fixture, testdata/<Fixture>.txtar, whose input.json
// is the payload.
type Case struct {
	Event   hooks.EventName
	Fixture string
}

// Payload returns the input.json section of testdata/<fixture>.txtar.
func Payload(tb testing.TB, fixture string) []byte {
	tb.Helper()
	return PayloadFile(tb, filepath.Join("testdata", fixture+".txtar"))
}

// Answers are the trivial handlers the benchmarks run: "none" has no
// opinion on any event (the common answer), "deny" denies every event with
// a short reason (the answer that makes the adapter write the most).
func Answers() map[string]hooks.Handlers {
	none := func(context.Context, hooks.Event) (hooks.Response, error) { return hooks.Response{}, nil }
	deny := func(context.Context, hooks.Event) (hooks.Response, error) {
		return hooks.Deny("blocked by policy"), nil
	}
	return map[string]hooks.Handlers{"none": {Any: none}, "deny": {Any: deny}}
}

// Process benchmarks hooks.Server.Answer (parse, dispatch, Fit,
// serialize) with adapter a on each case, for each of Answers, as
// <Event>/<answer>. It fails when the answer is a failure (Result.Err).
func Process(b *testing.B, a hooks.Adapter, cases []Case) {
	for _, c := range cases {
		payload := Payload(b, c.Fixture)
		for _, name := range []string{"none", "deny"} {
			h := Answers()[name]
			b.Run(string(c.Event)+"/"+name, func(b *testing.B) {
				ctx := context.Background()
				srv := &hooks.Server{Handlers: h}
				req := hooks.Request{Adapter: a, Payload: payload}
				if res := srv.Answer(ctx, req); res.Err != nil {
					b.Fatal(res.Err)
				}
				b.SetBytes(int64(len(payload)))
				b.ReportAllocs()
				for b.Loop() {
					srv.Answer(ctx, req)
				}
			})
		}
	}
}

// Serve benchmarks hooks.Server.Serve end to end with in-memory stdin,
// stdout and stderr and a's host named in the request (as --host does),
// on each case for each of Answers, as <Event>/<answer>. adapters is the
// list the server picks from (builtin.Adapters() in a real hook). It
// fails when Serve reports a failure on stderr; warnings (a deny the host
// cannot honour on that event) are written, as in a real run.
func Serve(b *testing.B, a hooks.Adapter, adapters []hooks.Adapter, cases []Case) {
	serve(b, a, adapters, cases, false)
}

// ServeMain is Serve in the process mode hookmain.Run uses
// (hooks.Server.Inline: the handler on the calling goroutine under a
// watchdog).
func ServeMain(b *testing.B, a hooks.Adapter, adapters []hooks.Adapter, cases []Case) {
	serve(b, a, adapters, cases, true)
}

func serve(b *testing.B, a hooks.Adapter, adapters []hooks.Adapter, cases []Case, inline bool) {
	req := hooks.Request{Host: a.Host()}
	for _, c := range cases {
		payload := Payload(b, c.Fixture)
		for _, name := range []string{"none", "deny"} {
			srv := &hooks.Server{Adapters: adapters, Handlers: Answers()[name], Inline: inline}
			if inline {
				srv.Exit = func(code int) { b.Fatalf("watchdog exit %d", code) }
			}
			b.Run(string(c.Event)+"/"+name, func(b *testing.B) {
				ctx := context.Background()
				var stdin bytes.Reader
				var stdout, stderr bytes.Buffer
				stdin.Reset(payload)
				srv.Serve(ctx, req, &stdin, &stdout, &stderr)
				if bytes.Contains(stderr.Bytes(), []byte(failline.Prefix)) {
					b.Fatalf("stdout %q, stderr %q", stdout.String(), stderr.String())
				}
				b.SetBytes(int64(len(payload)))
				b.ReportAllocs()
				for b.Loop() {
					stdin.Reset(payload)
					stdout.Reset()
					stderr.Reset()
					srv.Serve(ctx, req, &stdin, &stdout, &stderr)
				}
			})
		}
	}
}

// PayloadFile is Payload for a fixture outside the package's testdata:
// the input.json section of the txtar file at path.
func PayloadFile(tb testing.TB, path string) []byte {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	p := bytes.TrimSpace(txtar.Parse(data).Get("input.json"))
	if len(p) == 0 {
		tb.Fatalf("%s: no input.json", path)
	}
	return p
}
