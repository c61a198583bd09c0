package shell

import (
	"math/rand"
	"strings"
	"testing"
)

// TestSubstitutionsAsCounted: substitutions counts what strings.Count
// counted of the four openers, over texts made of the bytes around them.
func TestSubstitutionsAsCounted(t *testing.T) {
	count := func(src string) int {
		return strings.Count(src, "`") + strings.Count(src, "$(") + strings.Count(src, "<(") + strings.Count(src, ">(")
	}
	bytes := "$<>(`) a\n"
	r := rand.New(rand.NewSource(38))
	srcs := []string{"", "(", "$(", "((", "$((1))", "<(x) >(y)", "`a` $(b)", "x$", "(cd a)", "$$(", "<<(", "a(b(c("}
	for range 20000 {
		b := make([]byte, r.Intn(12))
		for i := range b {
			b[i] = bytes[r.Intn(len(bytes))]
		}
		srcs = append(srcs, string(b))
	}
	for _, s := range srcs {
		if got, want := substitutions(s), count(s); got != want {
			t.Fatalf("substitutions(%q) = %d, counted %d", s, got, want)
		}
	}
}
