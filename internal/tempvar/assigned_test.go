package tempvar

import (
	"math/rand"
	"strings"
	"testing"
)

// TestAssignedMatchesOnlyExpanded: Assigned, one pass over the text,
// says of every name what OnlyExpanded says, on random texts of names,
// expansions and option letters.
func TestAssignedMatchesOnlyExpanded(t *testing.T) {
	pieces := []string{"a", "ab", "b", "$", "${", "}", " ", "-", "{", "x1", "_", "\n", "=", "'"}
	names := []string{"a", "ab", "b", "x1", "_", "a_b", "HOME"}
	r := rand.New(rand.NewSource(1))
	for range 20000 {
		var b strings.Builder
		for n := r.Intn(12); n >= 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		src := b.String()
		m := Assigned(src)
		for _, name := range names {
			if got, want := !m[name], OnlyExpanded(src, name); got != want {
				t.Fatalf("%q %q: Assigned says only expanded %v, OnlyExpanded %v", src, name, got, want)
			}
		}
	}
}
