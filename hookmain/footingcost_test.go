package hookmain

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// costScript is n lines of the commands an agent runs every day (as
// policies/guard's everydayAllowed): about 1 KB at 25 lines.
func costScript(n int) string {
	lines := []string{
		`(cd web && npm run build 2>&1 | tail -5)`,
		`git status --short`,
		`grep -rn "TODO" --include=*.go . | head -20`,
		`go test ./... > /tmp/test.log 2>&1 || cat /tmp/test.log`,
		`rm -rf node_modules dist`,
		`find . -name '*.tmp' -type f | xargs rm -f`,
		`python3 -c 'import sys; print(sys.version)'`,
		`for f in *.md; do wc -l "$f"; done`,
	}
	var b strings.Builder
	for i := range n {
		b.WriteString(lines[i%len(lines)])
		b.WriteByte('\n')
	}
	return b.String()
}

// costTree writes files (slash-separated paths under dir).
func costTree(tb testing.TB, dir string, files map[string]string) {
	tb.Helper()
	for p, c := range files {
		p = filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkFootingCheck is the footing check hookmain runs before the
// handlers on every tool event (guardFooting's judge: the footing of
// the running binary computed for the event's folder, then its Judge),
// of the everyday script at about 1 KB and 16 KB, in a project with a
// hook installed and a home directory with the hosts' user files.
func BenchmarkFootingCheck(b *testing.B) {
	root := b.TempDir()
	proj, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	costTree(b, proj, map[string]string{
		".claude/settings.json": `{"hooks":{}}`, ".codex/hooks.json": "{}", ".gemini/settings.json": "{}",
		"bin/guard": "#!/bin/sh\n", "web/package.json": `{"scripts":{"build":"echo build"}}`,
		"README.md": "readme\n", "main.go": "package main\n", "internal/x/x.go": "package x\n", "x.tmp": "",
	})
	costTree(b, home, map[string]string{
		".claude/settings.json": "{}", ".codex/config.toml": "", ".gemini/trustedFolders.json": "{}", ".bashrc": "",
	})
	b.Setenv("HOME", home)
	for _, c := range []struct {
		name string
		n    int
	}{{"1KB", 25}, {"16KB", 400}} {
		src := costScript(c.n)
		t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: src, Cwd: proj}}
		check := func() (string, bool) {
			ctx := context.Background()
			return footingOf(proj, "").Judge(ctx, t)
		}
		if r, deny := check(); deny {
			b.Fatal(r)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				check()
			}
		})
	}
}
