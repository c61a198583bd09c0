package hookmain_test

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/internal/benchtest"
)

// BenchmarkMainDetect is a whole hook invocation without --host: the host
// is detected from a PreToolUse payload of each host, then the payload is
// answered with a deny.
func BenchmarkMainDetect(b *testing.B) {
	for _, c := range []struct{ host, fixture string }{
		{"claude", "../claude/testdata/PreToolUse-Bash.txtar"},
		{"cursor", "../cursor/testdata/preToolUse-shell.txtar"},
		{"gemini", "../gemini/testdata/before_tool_shell.txtar"},
		{"codex", "../codex/testdata/PreToolUse-Bash.txtar"},
	} {
		payload := benchtest.PayloadFile(b, filepath.FromSlash(c.fixture))
		h := benchtest.Answers()["deny"]
		b.Run(c.host, func(b *testing.B) {
			ctx := context.Background()
			var stdin bytes.Reader
			var stdout, stderr bytes.Buffer
			stdin.Reset(payload)
			hookmain.Main(ctx, h, nil, &stdin, &stdout, &stderr)
			if stderr.Len() > 0 || stdout.Len() == 0 {
				b.Fatalf("stdout %q, stderr %q", stdout.String(), stderr.String())
			}
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			for b.Loop() {
				stdin.Reset(payload)
				stdout.Reset()
				stderr.Reset()
				hookmain.Main(ctx, h, nil, &stdin, &stdout, &stderr)
			}
		})
	}
}

// TestDetectAllocBudget holds a whole invocation without --host (read,
// detect over every built-in adapter, answer) to the documented budget
// of 40 allocations per event (BENCHMARKS.md), so that an adapter added
// to the list, or a change on the serving path, cannot raise it unseen.
// It counts allocations, which do not depend on the machine's load.
func TestDetectAllocBudget(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	for _, c := range []struct{ host, fixture string }{
		{"claude", "../claude/testdata/PreToolUse-Bash.txtar"},
		{"cursor", "../cursor/testdata/preToolUse-shell.txtar"},
		{"gemini", "../gemini/testdata/before_tool_shell.txtar"},
		{"codex", "../codex/testdata/PreToolUse-Bash.txtar"},
	} {
		payload := benchtest.PayloadFile(t, filepath.FromSlash(c.fixture))
		h := benchtest.Answers()["deny"]
		ctx := context.Background()
		var stdin bytes.Reader
		var stdout, stderr bytes.Buffer
		n := testing.AllocsPerRun(50, func() {
			stdin.Reset(payload)
			stdout.Reset()
			stderr.Reset()
			hookmain.Main(ctx, h, nil, &stdin, &stdout, &stderr)
		})
		if stderr.Len() > 0 || stdout.Len() == 0 {
			t.Fatalf("%s: stdout %q, stderr %q", c.host, stdout.String(), stderr.String())
		}
		if n > 40 {
			t.Errorf("%s: %.0f allocations per detected event, over the budget of 40", c.host, n)
		}
	}
}
