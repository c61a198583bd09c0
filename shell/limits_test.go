package shell

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestLimits(t *testing.T) {
	r := strings.Repeat
	for _, tc := range []struct {
		name  string
		p     Parser
		src   string
		limit string
	}{
		{"bytes", Parser{MaxBytes: 10}, "echo 12345678", "bytes"},
		{"default bytes", Parser{}, "echo " + r("a", DefaultMaxBytes), "bytes"},
		{"1 MiB of words", Parser{}, "echo " + r("a ", 1<<19), "bytes"},
		{"nested subst", Parser{}, r("$(", 32000) + "x" + r(")", 32000), "depth"},
		{"subshells", Parser{}, r("(", 32000) + "x" + r(")", 32000), "depth"},
		{"groups", Parser{}, r("{ ", 300) + "x" + r("; }", 300), "depth"},
		{"arith", Parser{}, "((" + r("(", 300) + "1" + r(")", 300) + "))", "depth"},
		{"params", Parser{}, "echo " + r("${x:-", 300) + "y" + r("}", 300), "depth"},
		{"ifs", Parser{}, r("if a; then ", 300) + "x" + r("; fi", 300), "depth"},
		{"and chain", Parser{}, r(`ls "$x" && `, 300) + "ls", "depth"},
		{"depth 5", Parser{MaxDepth: 5}, "$($($($($($($(x)))))))", "depth"},
		{"nested evals", Parser{}, r("eval ", 17) + "ls", "nested"},
		{"nested 2", Parser{MaxNested: 2}, `bash -c "bash -c 'bash -c ls'"`, "nested"},
		{"reparsed", Parser{MaxReparsed: 100}, "eval " + r("a ", 100), "reparsed"},
		{"eval of 1 MiB", Parser{MaxBytes: 1 << 20}, r("eval ", 15) + r("a ", 500000), "reparsed"},
		{"bash of 300 KiB", Parser{MaxBytes: 1 << 20}, "bash <<E\n" + r("ls\n", 150000) + "E\n", "reparsed"},
		{"commands", Parser{MaxCommands: 3}, "a; b; c; d", "commands"},
		{"long list", Parser{MaxBytes: 1 << 20}, r("ls;", 1<<18), "commands"},
		{"nested heredoc", Parser{MaxNested: 1}, "bash <<E\nls\nE", "nested"},
		{"sudo chain", Parser{}, r("sudo ", 3000) + "rm -rf d", "nested"},
		{"wrapper chain", Parser{MaxNested: 2}, "sudo nice env timeout 5 rm -rf d", "nested"},
		// Issue 38's dense shapes, each under DefaultMaxBytes.
		{"arith chain", Parser{}, "echo $((" + r("1+", 85000) + "1))", "depth"},
		{"test chain", Parser{}, "[[ " + r("a && ", 3000) + "a ]]", "depth"},
		{"ternary chain", Parser{}, "echo $((" + r("1?1:", 3000) + "1))", "depth"},
		{"deep substs", Parser{}, r(r("$(", 199)+"x"+r(")", 199)+" ", 430), "substitutions"},
		{"many substs", Parser{}, "echo" + r(" $(a)", 10001), "substitutions"},
		{"git alias chain", Parser{}, gitAliasChain(5000), "git options"},
		{"git alias chain reparsed", Parser{MaxReparsed: 1000}, gitAliasChain(400), "reparsed"},
		{"shell alias chain", Parser{}, aliasChain(3000), "state"},
		{"read chain", Parser{}, readChain(3000), "state"},
		{"function chain", Parser{}, r("f() { :; }; g() { :; }; ", 100) + funcChain(3000), "state"},
		{"cd a/../b", Parser{}, r("cd a/../b; ", 10000) + "ls", "path"},
		{"cd b", Parser{}, r("cd b; ", 20000) + "ls", "path"},
		{"redirections", Parser{}, "echo" + r(" >a", 83000), "effects"},
		{"redirections, split", Parser{}, r("echo >a; ", 10001), "effects"},
	} {
		_, err := tc.p.Parse(context.Background(), tc.src)
		var le *LimitError
		if !errors.As(err, &le) || !errors.Is(err, ErrLimit) || le.Limit != tc.limit {
			t.Errorf("%s: %v, want a limit error for %s", tc.name, err, tc.limit)
		}
	}
	for _, src := range []string{
		r("$(", 150) + "x" + r(")", 150),
		r("ls && ", 150) + "ls",
		"cat <<'EOF'\n" + r("{ ( $( ` \" ' if case for\n", 2000) + "EOF",
		r("eval ", 15) + "ls",
		"sudo env A=1 nice -n 5 timeout 10 stdbuf -o0 ionice -c3 rm -rf d",
		r("ls;", 9999),
		// The same shapes, at sizes a command holds.
		"echo $((" + r("1+", 1500) + "1))",
		"echo" + r(" $(a)", 5000),
		gitAliasChain(20),
		aliasChain(10),
		readChain(200),
		r("cd a/../b; ", 100) + "ls",
		"echo" + r(" >a", 9000),
		"cat <<'EOF' >index.html\n" + r("<p><a href=x>y</a></p>\n", 4000) + "EOF\n",
	} {
		if _, err := Parse(src); err != nil {
			t.Errorf("Parse(%.40q…): %v", src, err)
		}
	}
}

func TestParseContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (&Parser{}).Parse(ctx, "ls; ls"); !errors.Is(err, context.Canceled) {
		t.Errorf("Parse with a done context: %v", err)
	}
	// Stops between statements: a context done after a few checks.
	ctx2 := &doneAfter{Context: context.Background(), n: 3}
	_, err := (&Parser{}).Parse(ctx2, strings.Repeat("ls; ", 1000))
	if !errors.Is(err, context.Canceled) || ctx2.n < -2 {
		t.Errorf("Parse with a context done after 3 checks: %v, checked %d more times", err, -ctx2.n)
	}
}

// doneAfter is a context that is done after n calls of Err.
type doneAfter struct {
	context.Context
	n int
}

func (c *doneAfter) Err() error {
	c.n--
	if c.n < 0 {
		return context.Canceled
	}
	return nil
}

func TestDynamicTextIsCut(t *testing.T) {
	s, err := Parse("echo x$(" + strings.Repeat("a", 1000) + ")")
	if err != nil {
		t.Fatal(err)
	}
	v := s.Commands[len(s.Commands)-1].Args[1].Value
	if len(v) > maxDynText+10 || !strings.HasSuffix(v, "…") || !strings.HasPrefix(v, "x$(aaa") {
		t.Errorf("dynamic word of %d bytes: %.40q", len(v), v)
	}
}

// TestParseErrorAfterStatement: a syntax error after a statement on the
// same line is an error, not a panic (the parser's iterator yields again
// after an error, so the walk must not break out of it).
func TestParseErrorAfterStatement(t *testing.T) {
	for _, src := range []string{"0&0\xff", "rm -rf d &\xff", "x & )"} {
		if _, err := (&Parser{}).Parse(context.Background(), src); err == nil {
			t.Errorf("%q: no error", src)
		}
	}
}

// gitAliasChain is git with n chained aliases (-c alias.aI=aI+1), run as
// a0: git expands each in turn.
func gitAliasChain(n int) string {
	var b strings.Builder
	b.WriteString("git")
	for i := range n {
		fmt.Fprintf(&b, " -c alias.a%d=a%d", i, i+1)
	}
	b.WriteString(" a0")
	return b.String()
}

// aliasChain defines n chained shell aliases and runs the first.
func aliasChain(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "alias a%d=a%d; ", i, i+1)
	}
	b.WriteString("a0")
	return b.String()
}

// readChain reads n variables, one command each.
func readChain(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "read v%d; ", i)
	}
	return b.String()
}

// funcChain defines n functions.
func funcChain(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "f%d() { :; }; ", i)
	}
	return b.String()
}
