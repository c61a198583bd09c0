package guard

import (
	"math/rand/v2"
	"path"
	"strings"
	"testing"
	"unicode"
)

func TestCleanPathAsClean(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const alpha = "/.a"
	for range 300000 {
		b := make([]byte, r.IntN(9))
		for i := range b {
			b[i] = alpha[r.IntN(len(alpha))]
		}
		p := string(b)
		want := p
		if p != "" {
			want = path.Clean(p)
		}
		if got := cleanPath(p); got != want {
			t.Fatalf("cleanPath(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestGitFoldsASCII: no rune past ASCII folds, in Unicode's simple case
// folding (strings.EqualFold's), to a byte of ".git": scratchIn compares
// only elements of four bytes with it.
func TestGitFoldsASCII(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < 0x80 && strings.ContainsRune(".gitGIT", f) {
				t.Errorf("%U folds to %q", r, f)
			}
		}
	}
}
