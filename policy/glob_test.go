package policy

import (
	"strings"
	"testing"
)

func TestMatchGlob(t *testing.T) {
	for _, tc := range []struct {
		g, p string
		want bool
	}{
		{"secrets/**", "secrets/a", true},
		{"secrets/**", "secrets/a/b/c", true},
		{"secrets/**", "secrets", true},
		{"secrets/**", "docs/secrets/a", false},
		{"**/secrets/*", "a/b/secrets/x", true},
		{"**/secrets/*", "secrets/x", true},
		{"**/secrets/*", "secrets/x/y", false},
		{"db/*.sql", "db/1.sql", true},
		{"db/*.sql", "db/a/1.sql", false},
		{"a/**/b/**/c", "a/x/b/y/z/c", true},
		{"a/**/b/**/c", "a/x/y/c", false},
	} {
		if got := matchGlob(tc.g, tc.p); got != tc.want {
			t.Errorf("matchGlob(%q, %q) = %v; want %v", tc.g, tc.p, got, tc.want)
		}
	}
}

// BenchmarkMatchGlobDeep: many ** against a deep path stays linear in
// glob times path, not exponential.
func BenchmarkMatchGlobDeep(b *testing.B) {
	g := strings.Repeat("**/a/", 30) + "b"
	p := strings.Repeat("a/", 2000) + "c"
	for b.Loop() {
		if matchGlob(g, p) {
			b.Fatal("matched")
		}
	}
}
