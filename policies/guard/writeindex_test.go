package guard

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestPathIndexMatchesScan: pathIndex says of every path and bound what
// writtenBefore's scan of the writes one at a time said, on random
// paths (absolute, relative, "", "/", known only at run time).
func TestPathIndexMatchesScan(t *testing.T) {
	parts := []string{"a", "b", "ab", "", ".", ".."}
	r := rand.New(rand.NewSource(1))
	word := func() shell.Word {
		if r.Intn(20) == 0 {
			return shell.Word{Value: "$x/a", Dynamic: true}
		}
		var els []string
		for n := r.Intn(4); n >= 0; n-- {
			els = append(els, parts[r.Intn(len(parts))])
		}
		v := strings.Join(els, "/")
		if r.Intn(2) == 0 {
			v = "/" + v
		}
		return shell.Static(v)
	}
	for range 3000 {
		dir := []string{"", "/p", "/", "/p/a"}[r.Intn(4)]
		var ws []shell.Word
		x := pathIndex{dynamic: -1, at: map[string]int{}, under: map[string]int{}}
		for i := range r.Intn(6) {
			w := word()
			ws = append(ws, w)
			x.add(i, w, dir)
		}
		for range 10 {
			abs := joinPath("/p", word().Value)
			n := r.Intn(len(ws) + 1)
			want := false
			for _, w := range ws[:n] {
				d := joinPath(dir, w.Value)
				want = want || w.Dynamic || d == abs || within(abs, d) != "" || within(d, abs) != ""
			}
			if got := x.hits(abs, n); got != want {
				t.Fatalf("dir %q writes %v, %q before %d: index says %v, scan %v", dir, ws, abs, n, got, want)
			}
		}
	}
}
