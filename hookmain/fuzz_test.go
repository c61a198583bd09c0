package hookmain_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/internal/hosttest"
)

// FuzzServe feeds arbitrary stdin to the full binary path (hookmain.Main)
// for every host, fail-closed, with and without --host: it must never
// panic, exit only 0 or 2, keep stdout to one JSON object (or nothing) and
// never write more than a few stderr lines.
func FuzzServe(f *testing.F) {
	for _, p := range goodPre {
		f.Add([]byte(p))
	}
	files, _ := filepath.Glob("../examples/guard/testdata/*.json")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"hook_event_name":"Stop","stop_hook_active":true}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, args := range [][]string{{"--fail-closed"}, {"--host", "claude", "--fail-closed"}, {"--host", "cursor", "--fail-closed"},
			{"--host", "gemini", "--fail-closed"}, {"--host", "codex", "--fail-closed"}} {
			var stdout, stderr bytes.Buffer
			code := hookmain.Main(context.Background(), guard, args, bytes.NewReader(in), &stdout, &stderr)
			if code != 0 && code != 2 {
				t.Fatalf("%v: exit %d", args, code)
			}
			host := "detected"
			if len(args) > 1 {
				host = args[1]
			}
			hosttest.CheckHygiene(t, hooks.Host(host), hooks.Output{Stdout: stdout.Bytes()})
			if n := strings.Count(stderr.String(), "\n"); n > 4 {
				t.Fatalf("%v: %d stderr lines: %q", args, n, stderr.String())
			}
		}
	})
}

// FuzzDetect checks that detection never panics and, when it picks a
// host, that host's adapter can be asked to parse the payload.
func FuzzDetect(f *testing.F) {
	for _, p := range goodPre {
		f.Add([]byte(p))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		a, err := hooks.Detect(builtin.Adapters(), in)
		if err == nil {
			a.Parse(in)
		}
	})
}
