package policy

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fiftyRules is a 50-rule file: command rules with flags, path rules
// and MCP rules, as a team's managed list would hold.
func fiftyRules() string {
	var b strings.Builder
	b.WriteString("version = 1\n[guard]\nscratch = [\"out\", \".cache\"]\nsecrets = [\"*.pem\", \"~/.npmrc\"]\n")
	for i := range 50 {
		fmt.Fprintf(&b, "\n[[rule]]\nname = \"rule-%d\"\ndecision = \"deny\"\nreason = \"reason %d\"\n", i, i)
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "command = \"tool%d sub\"\nflags = [\"--force\", \"-f\"]\n", i)
		case 1:
			fmt.Fprintf(&b, "writes = \"secrets%d/**\"\n", i)
		case 2:
			fmt.Fprintf(&b, "mcp = \"server%d/*\"\n", i)
		}
	}
	return b.String()
}

// BenchmarkFiftyRules is what a hook pays per spawn for a 50-rule file:
// read and parse it, then evaluate it on a shell command that writes a
// file (the parse of the command included). The goal is at most 0.05 of
// a minimal Go hook's CPU per spawn (bench/mingo, about 10 ms on the
// reference machine: 500 µs); see BENCHMARKS.md.
func BenchmarkFiftyRules(b *testing.B) {
	dir := b.TempDir()
	p := filepath.Join(dir, "policy.toml")
	if err := os.WriteFile(p, []byte(fiftyRules()), 0o644); err != nil {
		b.Fatal(err)
	}
	ev := shellEvent("cd pkg && npm test -- --watch=false > out/log.txt && git status")
	b.ReportAllocs()
	for b.Loop() {
		s, err := LoadFiles([3]string{"", "", p})
		if err != nil {
			b.Fatal(err)
		}
		if v := s.Eval(context.Background(), ev); v.Decision != 0 {
			b.Fatal(v)
		}
	}
}

// BenchmarkNoFile is what a hook pays when no policy file exists: the
// stat calls of the three layers and the walk up for .git.
func BenchmarkNoFile(b *testing.B) {
	cwd := b.TempDir()
	b.ReportAllocs()
	for b.Loop() {
		if s, err := LoadFiles(Paths(cwd)); s != nil || err != nil {
			b.Fatal(s, err)
		}
	}
}

// TestFiftyRulesParse keeps the benchmark's file valid.
func TestFiftyRulesParse(t *testing.T) {
	f, err := Parse("fifty.toml", Managed, []byte(fiftyRules()))
	if err != nil || len(f.Rules) != 50 {
		t.Fatalf("Parse = %v, %v", f, err)
	}
}
