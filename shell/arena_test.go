package shell

import (
	"slices"
	"testing"
)

// TestArenaEffectsApart: commands whose effects are recorded in turn,
// or changed outside the arena in between, each keep exactly their own.
func TestArenaEffectsApart(t *testing.T) {
	var a arena
	c1, c2 := a.command(), a.command()
	fx := func(s string) Effect { return Effect{Kind: Writes, Path: Static(s)} }
	paths := func(c *Command) []string {
		var out []string
		for _, e := range c.Effects {
			out = append(out, e.Path.Value)
		}
		return out
	}
	for i := range 40 { // past several blocks
		a.addEffect(c1, fx("a"+string(rune('0'+i%10))))
		if i%3 == 0 {
			a.addEffect(c2, fx("b"))
		}
		if i == 7 { // as gitfx and code.go do
			c1.Effects = append(c1.Effects, fx("x"))
		}
	}
	p1, p2 := paths(c1), paths(c2)
	if len(p1) != 41 || p1[8] != "x" || p1[0] != "a0" || p1[40] != "a9" {
		t.Errorf("c1 effects = %v", p1)
	}
	if len(p2) != 14 || slices.IndexFunc(p2, func(s string) bool { return s != "b" }) >= 0 {
		t.Errorf("c2 effects = %v", p2)
	}
	w1 := a.wordSlice(2)
	w2 := a.wordSlice(2)
	w1 = append(w1, Static("1"), Static("2"), Static("3"))
	w2 = append(w2, Static("4"))
	if w1[0].Value != "1" || w1[2].Value != "3" || w2[0].Value != "4" {
		t.Errorf("word slices overlap: %v %v", w1, w2)
	}
}
