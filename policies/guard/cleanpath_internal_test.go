package guard

import (
	"math/rand/v2"
	"path"
	"testing"
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
