package hookmain_test

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
)

// BenchmarkMainDetect is a whole hook invocation without --host: the host
// is detected from a PreToolUse payload of each host, then the payload is
// answered with a deny.
func BenchmarkMainDetect(b *testing.B) {
	const serve, parse, footing = 40, 25, 289
	for _, c := range []struct {
		host, fixture string
		budget        float64
	}{
		{"claude", "../claude/testdata/PreToolUse-Bash.txtar", serve + parse + footing}, // rm -rf build
		{"cursor", "../cursor/testdata/preToolUse-shell.txtar", serve + parse + footing},
		{"gemini", "../gemini/testdata/before_tool_shell.txtar", serve + parse + footing},
		{"codex", "../codex/testdata/PreToolUse-Bash.txtar", serve + parse}, // cat .env: nothing written
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
// of allocations per event (BENCHMARKS.md), so that an adapter added
// to the list, or a change on the serving path, cannot raise it unseen.
// It counts allocations, which do not depend on the machine's load.
//
// The budget is 40 for the serving path, plus what the protection of the
// hook's footing costs (package footing, which Run applies before the
// handlers): a shell command's parse (25), and, for a command that
// writes, deletes or runs code (rm -rf build), the footing itself, every
// host's files computed once (284: 260, plus Pi's files and its project
// settings and Auggie's, issue 41; plus the managed files of Claude Code
// with their drop-in folders, Gemini CLI and Codex, issue 36; 288 with
// Factory Droid's settings.json, the project's and the user's, and
// Copilot CLI's config.json and settings.json, issue 38; 289 with the
// project's .codex/config.toml).
func TestDetectAllocBudget(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	const serve, parse, footing = 40, 25, 289
	for _, c := range []struct {
		host, fixture string
		budget        float64
	}{
		{"claude", "../claude/testdata/PreToolUse-Bash.txtar", serve + parse + footing}, // rm -rf build
		{"cursor", "../cursor/testdata/preToolUse-shell.txtar", serve + parse + footing},
		{"gemini", "../gemini/testdata/before_tool_shell.txtar", serve + parse + footing},
		{"codex", "../codex/testdata/PreToolUse-Bash.txtar", serve + parse}, // cat .env: nothing written
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
		if n > c.budget {
			t.Errorf("%s: %.0f allocations per detected event, over the budget of %.0f", c.host, n, c.budget)
		}
	}
}
