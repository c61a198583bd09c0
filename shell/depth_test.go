package shell

import (
	"context"
	"errors"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// treeDepth is how deep the syntax tree of f nests.
func treeDepth(f *syntax.File) int {
	depth, deepest := 0, 0
	syntax.Walk(f, func(n syntax.Node) bool {
		if n == nil {
			depth--
			return true
		}
		depth++
		deepest = max(deepest, depth)
		return true
	})
	return deepest
}

// depthBound is how deep a syntax tree may be for a script whose
// nestDepth is d: each level of nesting is a few nodes.
func depthBound(d int) int { return 8*d + 12 }

var depthCases = []string{
	"$(case x in a) $(case x in a) $(case x in a) x;; esac);; esac);; esac)",
	"for x in done; do for x in done; do for x in done; do x; done; done; done",
	"{ echo }; { echo }; { echo }; }; }; }",
	"cat <<'E'\n'\nE\n$($($(x)))\n",
	"cat <<E\n$(\nE\n)\nE\n",
	"echo ${x:- #(}",
	`"${x:-'$(}'}"`,
	"$(# )\n$(x))",
	"a && b || c | d |& e",
	"time time time ls",
	"if if if a; then b; fi; then c; fi; then d; fi",
	"case x in esac",
	"x=$[$[$[1]]]",
	"echo `echo \\`echo\\``",
	"f() if a; then b; fi",
	"(( ((((1)))) ))",
	"[[ ( ( a ) ) ]]",
	"echo @(a|b) !(c)",
	"cat <<-E\n\t$(x)\n\tE\nls",
	"cat <<A <<'B'\n$(a)\nA\n$(\nB\nls",
	"$'\\'' $( x )",
}

func TestNestDepthBoundsTree(t *testing.T) {
	for _, src := range depthCases {
		checkDepth(t, src)
	}
	for _, n := range []int{10, 100} {
		for _, s := range worstShapes(n) {
			checkDepth(t, s.src)
			if d := nestDepth(s.src, 1<<30); d < n && s.name != "array" && s.name != "eval" && s.name != "backquote" {
				t.Errorf("%s of %d levels: nestDepth %d", s.name, n, d)
			}
		}
	}
}

func checkDepth(t *testing.T, src string) {
	t.Helper()
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		return
	}
	x := newNestScanner(src, 1<<30)
	if x.scanTo(len(src)); x.s.hashDelim {
		return // refused before the tree is walked (ErrHashDelim): the parser ends its here-document apart from bash
	}
	if d, td := nestDepth(src, 1<<30), treeDepth(f); td > depthBound(d) {
		t.Errorf("nestDepth(%q) = %d, but its tree is %d deep", src, d, td)
	}
}

// FuzzDepth checks that nestDepth never counts nesting too shallow: the
// syntax tree of what parses is at most depthBound deep.
func FuzzDepth(f *testing.F) {
	for _, s := range depthCases {
		f.Add(s)
	}
	for _, tc := range parseCases {
		f.Add(tc.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkDepth(t, src)
	})
}

// TestHashDelim: a here-document delimiter with # right after a quote is
// refused (ErrHashDelim). Under bash, `cat <<'E'#` ends its body at a
// line E#, and the rm after it deleted src; the syntax parser reads the
// # as a comment and took rm -rf src as the body, up to the line E.
func TestHashDelim(t *testing.T) {
	for _, src := range []string{"cat <<'E'#\nE#\nrm -rf src\nE\n", "cat <<\"E\"#\nE#\nrm -rf src\nE\n", "cat <<E''#\nE#\nrm -rf src\nE\n",
		"cat <<$'E'#\nE#\nrm -rf src\nE\n", "cat <<-'E'#x\n\tE#x\nrm -rf src\nE\n", "bash -c \"cat <<'E'#\nE#\nrm -rf src\nE\n\"",
		"x=$(cat <<'E'#\nE#\nrm -rf src\nE\n)"} {
		if _, err := (&Parser{}).Parse(context.Background(), src); !errors.Is(err, ErrHashDelim) {
			t.Errorf("%q: %v, want ErrHashDelim", src, err)
		}
	}
	for _, src := range []string{"cat <<'E'\nE#\nE\n", "cat <<E#\nx\nE#\n", "cat <<'E' # a comment\nx\nE\n", "echo 'x'#y", "cat <<'E'x#\nE'x#'\nEx#\n"} {
		if _, err := (&Parser{}).Parse(context.Background(), src); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}
