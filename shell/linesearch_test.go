package shell_test

import (
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestLineSearchOf: the patterns of a grep of the names xargs appends
// are read when all it prints is tied to matching lines; a grep whose
// pattern is the first name (git ls-files | xargs grep) reads the names
// too.
func TestLineSearchOf(t *testing.T) {
	for _, tc := range []struct {
		src, want string // want: the pattern, "" when not known
		reads     bool   // the names are read
	}{
		{`git ls-files | xargs grep TODO`, "TODO", true},
		{`git ls-files | xargs grep -n -A3 -e TODO`, "TODO", true},
		{`git ls-files | xargs grep -c TODO --`, "TODO", true},
		{`git ls-files | xargs grep -v TODO`, "", true},
		{`git ls-files | xargs grep -f pats TODO`, "", true},
		{`git ls-files | xargs grep -z TODO`, "", true},
		{`git ls-files | xargs grep TODO $OPTS`, "", true},
		{`git ls-files | xargs grep`, "", true},
		{`git ls-files | xargs rg TODO`, "", true},
	} {
		s, err := shell.Parse(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		c := s.Commands[len(s.Commands)-1]
		got := ""
		if se, ok := shell.LineSearchOf(c); ok {
			got = se.Patterns[0]
		}
		reads := false
		for _, e := range c.Effects {
			reads = reads || e.Kind == shell.Reads && e.Path.Value == "(output of git ls-files)"
		}
		if got != tc.want || reads != tc.reads {
			t.Errorf("%s: pattern %q, reads the names %v; want %q, %v", tc.src, got, reads, tc.want, tc.reads)
		}
	}
}
