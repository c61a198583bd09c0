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

// TestPathMatchesFold: on macOS and Windows a glob matches whatever the
// case, since the file systems ignore it; elsewhere case counts.
func TestPathMatchesFold(t *testing.T) {
	for _, fold := range []bool{false, true} {
		if got := pathMatchesFold("secrets/**", "/home/dev/project/Secrets/k", "Secrets/k", "k", false, fold); got != fold {
			t.Errorf("fold %v: Secrets/k matched %v", fold, got)
		}
		if got := pathMatchesFold("*.pem", "/x/KEY.PEM", "KEY.PEM", "KEY.PEM", false, fold); got != fold {
			t.Errorf("fold %v: KEY.PEM matched %v", fold, got)
		}
		if !pathMatchesFold("secrets/**", "/home/dev/project/secrets/k", "secrets/k", "k", false, fold) {
			t.Errorf("fold %v: secrets/k not matched", fold)
		}
	}
}
