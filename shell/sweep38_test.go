package shell_test

import (
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestSweep38Effects: source's first option and env's start-up files.
func TestSweep38Effects(t *testing.T) {
	for _, tc := range []struct {
		src, runs string // the file of the first code run; "" for none
	}{
		{`. --ext x.sh`, "--ext"}, // bash: invalid option, nothing; zsh: the file --ext
		{`source -x x.sh`, "-x"},
		{`. -- x.sh`, "x.sh"},
		{`. x.sh`, "x.sh"},
		{`eslint . --ext .ts`, "--ext"},
		{`env BASH_ENV=s.sh bash -c :`, "s.sh"},
		{`env ENV=s.sh sh -c :`, "s.sh"},
		{`env FOO=s.sh bash -c :`, ""},
	} {
		s, err := shell.Parse(tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		got := ""
	find:
		for _, c := range s.Commands {
			for _, e := range c.Effects {
				if e.Kind == shell.RunsCode && e.Path.Value != "" {
					got = e.Path.Value
					break find
				}
			}
		}
		if got != tc.runs {
			t.Errorf("%s: runs the code of %q, want %q", tc.src, got, tc.runs)
		}
	}
}
