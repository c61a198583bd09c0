package shell

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRunsLater: runsLater agrees with a search for each of its texts.
func TestRunsLater(t *testing.T) {
	texts := []string{"()", "function", "alias", "trap", "-c", "eval", "source", "export", "declare",
		"typeset", "readonly", "local", "read", "unset", "printf", "let", "mapfile", "readarray", "xargs", "find",
		"parallel", "<<", "$((", "`"}
	naive := func(s string) bool {
		for _, x := range texts {
			if strings.Contains(s, x) {
				return true
			}
		}
		return false
	}
	check := func(s string) {
		if got, want := runsLater(s), naive(s); got != want {
			t.Fatalf("runsLater(%q) = %v, want %v", s, got, want)
		}
	}
	for _, x := range texts {
		check(x)
		check("wc -l " + x + " \"$f\"")
		check(x[:len(x)-1])
		check("a" + x[1:])
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alpha = "()`-<$cadeflmprstuxvoinhgy \"'{}"
	for range 200000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alpha[r.IntN(len(alpha))]
		}
		check(string(b))
	}
}
