package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxTreeDepth bounds how deep one walk of a syntax tree (walker.walkTree)
// goes. Nesting in the text is bounded before the parser runs (see
// nestDepth), but a flat chain of operators is not nesting there and is
// a deep tree after parsing: $((1+1+…)) with 85,000 terms is a
// left-leaning tree 85,000 levels deep, and a recursive walk of it grew
// the stack to tens of megabytes (0.3 s a command). A command that deep
// is refused as past the "depth" limit; 2,000 levels is far more than a
// written expression holds.
const maxTreeDepth = 2000

// walkTree is syntax.Walk within maxTreeDepth: past it, the walk stops
// and the script is past the "depth" limit ([LimitError]).
func (w *walker) walkTree(n syntax.Node, f func(syntax.Node) bool) {
	depth := 0
	syntax.Walk(n, func(n syntax.Node) bool {
		if n == nil {
			depth--
			return true
		}
		if w.err != nil {
			return false
		}
		if !f(n) {
			return false
		}
		if depth++; depth > maxTreeDepth {
			w.fail(&LimitError{Limit: "depth", Max: maxTreeDepth})
			depth--
			return false
		}
		return true
	})
}

// maxCopied bounds the entries of the shell's state (aliases, functions,
// variables, descriptors, and the chain of commands that run a command
// substitution, [Command.Via]) copied in one walk. A scope's maps are
// shared by its copies and copied before a change, so each definition
// costs the entries defined before it: 3,000 chained `alias aN=aN+1`
// copied 4.5 million entries (300 MB); 430 copies of a 199-deep $(…)
// copied 8.5 million names of Via (69 MB). Past the bound the script is past the
// "state" limit ([LimitError]); 262,144 entries is about 700 definitions
// in one shell, far more than a command holds.
const maxCopied = 1 << 18

// copying counts n entries of the shell's state copied, against
// maxCopied.
func (w *walker) copying(n int) {
	if w.copied += n; w.copied > maxCopied {
		w.fail(&LimitError{Limit: "state", Max: maxCopied})
	}
}

// maxDir bounds the directory a chain of cd commands leads to, in bytes
// (relative to where the script starts): each cd joins and cleans the
// path so far, so 10,000 `cd a/../b` cost the square of its length
// (430 MB). Past it the script is past the "path" limit ([LimitError]).
const maxDir = 1024

// maxSubst bounds the command and process substitutions a script may
// hold, counted before the parser runs (see substitutions). The syntax
// parser spends about 400 bytes on each level of a nested $(…): 430
// copies of a 199-deep $(…) (85,000 substitutions in 256 KiB) took 37 MB
// to parse. Past it the script is past the "substitutions" limit
// ([LimitError]).
const maxSubst = 10000

// substitutions over-counts the command and process substitutions of
// src: every "$(", "`", "<(" and ">(", quoted or not.
func substitutions(src string) int {
	// Each ( after $, < or > once: the three pairs cannot overlap. The
	// ( are found by IndexByte (strings.Count of a pair of bytes is an
	// Index call a match, each with its set-up).
	n := strings.Count(src, "`")
	for i := strings.IndexByte(src, '('); i >= 0; {
		if i > 0 && (src[i-1] == '$' || src[i-1] == '<' || src[i-1] == '>') {
			n++
		}
		j := strings.IndexByte(src[i+1:], '(')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return n
}

// wordCost is what a word built again (an expanded git alias repeats
// the global options) counts against MaxReparsed besides its bytes: the
// memory of its [Word] and of the options parsed from it.
const wordCost = 128
