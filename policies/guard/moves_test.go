package guard

import (
	"math/rand/v2"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// moves is the question "is there a non-recursive delete and a write of
// another path", asked of every pair, in two passes: the same answer as
// the pairs on every list of up to five effects over three paths.
func TestMovesAsPairs(t *testing.T) {
	pairs := func(c *shell.Command) bool {
		for _, d := range c.Effects {
			if d.Kind != shell.Deletes || d.Recursive {
				continue
			}
			for _, w := range c.Effects {
				if w.Kind == shell.Writes && !w.Meta && !w.Path.Equal(d.Path) {
					return true
				}
			}
		}
		return false
	}
	paths := []shell.Word{shell.Static("a"), shell.Static("b"), shell.Static("a/b")}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		c := &shell.Command{Name: "x"}
		for range r.IntN(6) {
			e := shell.Effect{Path: paths[r.IntN(len(paths))], Recursive: r.IntN(3) == 0, Meta: r.IntN(3) == 0}
			e.Kind = []shell.EffectKind{shell.Deletes, shell.Writes, shell.Reads}[r.IntN(3)]
			c.Effects = append(c.Effects, e)
		}
		if got, want := moves(c), pairs(c); got != want {
			t.Fatalf("%+v: moves %v, pairs %v", c.Effects, got, want)
		}
	}
}
