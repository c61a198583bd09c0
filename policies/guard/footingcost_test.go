package guard

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
)

// hookProject is a project folder with a hook installed (Claude Code's,
// Codex's and Gemini CLI's settings, the binary in bin/guard, a policy
// file) and the everyday script's folders, not a git repository: the
// guard's judgment with an absolute cwd holds the footing's.
func hookProject(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	for p, c := range map[string]string{
		".claude/settings.json":     `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/bin/guard"}]}]}}`,
		".codex/hooks.json":         "{}",
		".gemini/settings.json":     "{}",
		".agenthooks/policy.toml":   "",
		"bin/guard":                 "#!/bin/sh\n",
		"web/package.json":          `{"scripts":{"build":"echo build"}}`,
		"web/node_modules/.keep":    "",
		"node_modules/.cache/x":     "",
		"dist/app.js":               "",
		"README.md":                 "readme\n",
		"main.go":                   "package main\n",
		"docs/guide.md":             "guide\n",
		"x.tmp":                     "",
		"internal/footing/files.go": "package footing\n",
	} {
		p = filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// BenchmarkFootingCost: the guard's judgment of the everyday script it
// lets through whole, at about 1 KB and 16 KB, with the absolute cwd of
// a project that has hook files installed, so that its footing rule
// (rule 6) builds the set of the hook's files and matches each path the
// script names against it (issue 38: two thirds of the call).
func BenchmarkFootingCost(b *testing.B) {
	dir := hookProject(b)
	for _, c := range []struct {
		name string
		n    int
	}{{"1KB", 25}, {"16KB", 400}} {
		src := everydayAllowed(c.n)
		t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: src, Cwd: dir}}
		if r := Judge(context.Background(), dir, t); r.Decision != hooks.NoDecision {
			b.Fatalf("%v: %s", r.Decision, r.Reason)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Judge(context.Background(), dir, t)
			}
		})
	}
}
