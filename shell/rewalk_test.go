package shell

import (
	"slices"
	"testing"
)

// TestRewalkBraces: a statement walked again (a loop's next item, a
// function called from another folder or with input) reads its brace
// words as the first walk did. Brace expansion had changed the syntax
// tree in place, and the second walk panicked in syntax.Walk.
func TestRewalkBraces(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // the writes
	}{
		{`for i in 1 2; do echo {a,b}{c,d} > x$i; done`, []string{"x1", "x2"}},
		{`f() { rm -rf {a,b}; }; cd /tmp/x; f`, []string{"a", "b", "a", "/tmp/x/a", "b", "/tmp/x/b"}}, // the cd may fail
		{`f() { cat > {c,d}; }; echo x | f`, []string{"{c,d}", "{c,d}"}},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		got := writePaths(s)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: writes %q, want %q", tc.src, got, tc.want)
		}
	}
}

// writePaths returns the paths of s's writes, in order.
func writePaths(s *Script) []string {
	var out []string
	for _, w := range s.Writes {
		out = append(out, w.Path.Value)
	}
	return out
}
