// Package benchtest holds the benchmarks of the pure core that every
// adapter package runs: one host payload from the adapter's own golden
// fixtures for each main event (PreToolUse of the shell, PostToolUse,
// UserPromptSubmit, Stop), answered through hooks.Process and through
// hooks.Serve with in-memory stdin and stdout, by a trivial handler.
//
//	go test -run '^$' -bench . -benchmem ./claude ./cursor ./gemini ./codex
//
// BENCHMARKS.md at the module root has the numbers and how to compare two
// runs.
package benchtest

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/txtar"
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

// Process benchmarks hooks.Process (parse, dispatch, Fit, serialize) with
// adapter a on each case, for each of Answers, as
// <Event>/<answer>. It fails when the answer is a failure (Result.Err).
func Process(b *testing.B, a hooks.Adapter, cases []Case) {
	for _, c := range cases {
		payload := Payload(b, c.Fixture)
		for _, name := range []string{"none", "deny"} {
			h := Answers()[name]
			b.Run(string(c.Event)+"/"+name, func(b *testing.B) {
				ctx := context.Background()
				if res := hooks.Process(ctx, a, h, payload, 0); res.Err != nil {
					b.Fatal(res.Err)
				}
				b.SetBytes(int64(len(payload)))
				b.ReportAllocs()
				for b.Loop() {
					hooks.Process(ctx, a, h, payload, 0)
				}
			})
		}
	}
}

// Serve benchmarks hooks.Serve end to end with in-memory stdin, stdout and
// stderr and "--host <a's host>" as its arguments, on each case for each
// of Answers, as <Event>/<answer>. adapters is the list Serve picks from
// (hookmain.Adapters() in a real hook). It fails when Serve reports a
// failure on stderr; warnings (a deny the host cannot honour on that
// event) are written, as in a real run.
func Serve(b *testing.B, a hooks.Adapter, adapters []hooks.Adapter, cases []Case) {
	serve(b, a, adapters, cases, func(ctx context.Context, adapters []hooks.Adapter, h hooks.Handlers, stdin io.Reader, stdout, stderr io.Writer, args []string) int {
		return hooks.Serve(ctx, adapters, h, stdin, stdout, stderr, args)
	})
}

// ServeMain is Serve for hooks.ServeMain, the process mode hookmain.Run
// uses (the handler on the calling goroutine under a watchdog).
func ServeMain(b *testing.B, a hooks.Adapter, adapters []hooks.Adapter, cases []Case) {
	exit := func(code int) { b.Fatalf("watchdog exit %d", code) }
	serve(b, a, adapters, cases, func(ctx context.Context, adapters []hooks.Adapter, h hooks.Handlers, stdin io.Reader, stdout, stderr io.Writer, args []string) int {
		return hooks.ServeMain(ctx, adapters, h, stdin, stdout, stderr, args, exit)
	})
}

type serveFunc func(ctx context.Context, adapters []hooks.Adapter, h hooks.Handlers, stdin io.Reader, stdout, stderr io.Writer, args []string) int

func serve(b *testing.B, a hooks.Adapter, adapters []hooks.Adapter, cases []Case, serve serveFunc) {
	args := []string{"--host", string(a.Host())}
	for _, c := range cases {
		payload := Payload(b, c.Fixture)
		for _, name := range []string{"none", "deny"} {
			h := Answers()[name]
			b.Run(string(c.Event)+"/"+name, func(b *testing.B) {
				ctx := context.Background()
				var stdin bytes.Reader
				var stdout, stderr bytes.Buffer
				stdin.Reset(payload)
				serve(ctx, adapters, h, &stdin, &stdout, &stderr, args)
				if bytes.Contains(stderr.Bytes(), []byte("hooks: fail-")) {
					b.Fatalf("stdout %q, stderr %q", stdout.String(), stderr.String())
				}
				b.SetBytes(int64(len(payload)))
				b.ReportAllocs()
				for b.Loop() {
					stdin.Reset(payload)
					stdout.Reset()
					stderr.Reset()
					serve(ctx, adapters, h, &stdin, &stdout, &stderr, args)
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
