package guard

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// scanOnlyRead is onlyRead's reading of the text as it was, a scan of
// the text for each name: the reference readVars must match.
func scanOnlyRead(src, name string) bool {
	for i := 0; ; {
		j := strings.Index(src[i:], name)
		if j < 0 {
			return true
		}
		j += i
		end := j + len(name)
		i = j + 1
		if j > 0 && isIdent(src[j-1]) || end < len(src) && isIdent(src[end]) {
			continue
		}
		switch {
		case j > 0 && src[j-1] == '$':
			continue
		case j > 1 && src[j-2:j] == "${" && end < len(src) && src[end] == '}':
			continue
		case (j == 0 || strings.IndexByte(" \t\n;&|(", src[j-1]) >= 0) && mktempAssign(src[end:]):
			continue
		}
		return false
	}
}

// TestReadVarsMatchesScan: readVars, one pass over the text, says of
// every name what a scan of the text for that name says, on random
// texts of names, expansions and mktemp assignments.
func TestReadVarsMatchesScan(t *testing.T) {
	pieces := []string{"a", "ab", "b", "$", "${", "}", " ", "=$(mktemp)", "=\"$(mktemp -d)", ")", ";", "x1", "_", "-", "\n", "(", "=", "'"}
	names := []string{"a", "ab", "b", "x1", "_", "a_b"}
	r := rand.New(rand.NewSource(1))
	for k := 0; k < 20000; k++ {
		var b strings.Builder
		for n := r.Intn(12); n >= 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		src := b.String()
		at := &place{src: src}
		s := &shell.Script{}
		m := at.reads(s)
		for _, name := range names {
			if got, want := m.only(name), scanOnlyRead(src, name); got != want {
				t.Fatalf("%q %q: got %v want %v", src, name, got, want)
			}
		}
	}
}
