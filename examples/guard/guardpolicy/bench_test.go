package guardpolicy

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
)

// denseShapes are the inputs that cost the guard the most per byte
// (issue 38): each under shell.DefaultMaxBytes, so each reaches the
// rules unless a limit of the parser refuses it first.
func denseShapes() []struct{ name, src string } {
	r := strings.Repeat
	var gitAlias, shAlias, gitAliasRev strings.Builder
	gitAlias.WriteString("git")
	for i := range 5000 {
		gitAlias.WriteString(" -c alias.a" + strconv.Itoa(i) + "=a" + strconv.Itoa(i+1))
	}
	gitAlias.WriteString(" a0")
	for i := range 3000 {
		shAlias.WriteString("alias a" + strconv.Itoa(i) + "=a" + strconv.Itoa(i+1) + "; ")
	}
	shAlias.WriteString("a0")
	gitAliasRev.WriteString("git")
	for i := 5000; i > 0; i-- {
		gitAliasRev.WriteString(" -c alias.a" + strconv.Itoa(i) + "=a" + strconv.Itoa(i-1))
	}
	gitAliasRev.WriteString(" a5000")
	deep := r("$(", 199) + "x" + r(")", 199)
	return []struct{ name, src string }{
		{"arith-85000-terms", "echo $((" + r("1+", 85000) + "1))"},
		{"subst-199-deep-x430", r(deep+" ", 430)},
		{"git-alias-chain-5000", gitAlias.String()},
		{"git-alias-chain-5000-reverse", gitAliasRev.String()},
		{"git-options-10000", "git" + r(" -c a.b=c", 10000) + " status"},
		{"git-alias-chain-200", gitAliasN(200)},
		{"shell-alias-chain-3000", shAlias.String()},
		{"cd-dotdot-10000", r("cd a/../b; ", 10000) + "rm -rf node_modules"},
		{"cd-deeper-20000", r("cd b; ", 20000) + "rm -rf node_modules"},
		{"redirections-83000", "echo" + r(" >a", 83000)},
		{"rm-operands-60000", "rm -rf" + r(" node_modules", 20000)},
		{"find-exec-2000", "find . " + r("-exec rm {} + ", 2000)},
		{"mv-then-rm-5000", r("mv a /tmp/x; ", 5000) + r("rm -rf /tmp/y; ", 5000)},
		{"env-writes-50000", "cp" + r(" a", 50000) + " d"},
		// shell's BenchmarkWorst shapes that are answered or refused
		// late, at 255 KiB.
		{"eval-words", r("eval ", 15) + r("a ", 130000)},
		{"array", "a=(" + r("x ", 130000) + ")"},
		{"braces", "echo " + r("{a,b}{c,d}{e,f}{g,h} ", 12400)},
		{"heredoc-to-bash", "bash <<'EOF'\n" + r("echo a b c d\n", 18600) + "EOF\n"},
		{"plain-words", "echo " + r("a ", 130000)},
	}
}

// gitAliasN is git with n chained aliases (-c alias.aI=aI+1), run as a0.
func gitAliasN(n int) string {
	var b strings.Builder
	b.WriteString("git")
	for i := range n {
		b.WriteString(" -c alias.a" + strconv.Itoa(i) + "=a" + strconv.Itoa(i+1))
	}
	b.WriteString(" a0")
	return b.String()
}

// BenchmarkJudgeDense judges each dense shape as the guard does (parse
// and every rule): the goal on a 2-core machine is at most 100 ms and
// 64 MiB allocated for each, whether answered or refused.
func BenchmarkJudgeDense(b *testing.B) {
	for _, s := range denseShapes() {
		if len(s.src) > shell.DefaultMaxBytes {
			b.Fatalf("%s: %d bytes, past shell.DefaultMaxBytes", s.name, len(s.src))
		}
		t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: s.src}}
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s.src)))
			for b.Loop() {
				Judge(context.Background(), "/home/dev/project", t)
			}
		})
	}
}

// TestDenseShapes: each dense shape is answered by its verdict, every
// one past a limit of the parser with rule 4 (the typed "cannot be
// checked" error), never allowed for being too costly to read.
func TestDenseShapes(t *testing.T) {
	want := map[string]string{
		"git-options-10000": "",       // answered: a long command, no alias
		"find-exec-2000":    "rule 1", // rm {} of each file find names
		"array":             "",
		"braces":            "",
		"plain-words":       "",
	}
	for _, s := range denseShapes() {
		r := judge("/home/dev/project", "", s.src)
		w, ok := want[s.name]
		if !ok {
			w = "rule 4 (nothing it cannot see): the command is past what the guard checks"
		}
		if w == "" && r.Decision != hooks.NoDecision || w != "" && (r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, w)) {
			t.Errorf("%s: %v %.200q, want %q", s.name, r.Decision, r.Reason, w)
		}
	}
}
