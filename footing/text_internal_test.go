package footing

import (
	"strings"
	"testing"
)

// TestSpelled: spelled finds a spelling exactly when strings.Contains
// does, searching for the path's last element once.
func TestSpelled(t *testing.T) {
	sps := []string{"/home/dev/p/bin/guard", "~/p/bin/guard", "$HOME/p/bin/guard", "bin/guard", "../p/bin/guard"}
	for _, text := range []string{
		"cp /bin/true bin/guard", "guard guard guard", "rm ~/p/bin/guard;", "x=bin/guar; y=d", "/home/dev/p/bin/guardian",
		"", "guard", strings.Repeat("guard ", 1000) + "bin/guard", "bin/gu ard", "../p/bin/guard\n", "abin/guard",
	} {
		want := false
		for _, sp := range sps {
			want = want || strings.Contains(text, sp)
		}
		if got := spelled(text, sps); got != want {
			t.Errorf("spelled(%.40q) = %v, want %v", text, got, want)
		}
	}
	if !spelled("cd .", []string{"/p/x", "."}) || spelled("cd x", []string{"/p/x/", "y"}) {
		t.Error("a spelling not ending in the last element is searched whole")
	}
}
