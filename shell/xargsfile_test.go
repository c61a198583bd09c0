package shell_test

import (
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestXargsArgFile: the names xargs reads from its -a file (a process
// substitution, the standard input) or from a process substitution
// redirected in are those of their source, as if piped in: under bash,
// `xargs -a <(git ls-files) cat` printed a committed app/.env. The
// command xargs runs reads the word given.
func TestXargsArgFile(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`xargs -a <(git ls-files) cat`, "(output of git ls-files)"},
		{`xargs --arg-file=<(git ls-files) cat`, "(output of git ls-files)"},
		{`xargs --arg-f=<(git ls-files) cat`, "(output of git ls-files)"},
		{`xargs -a <(find app -name '.e*') cat`, "app/{}"},
		{`xargs -a <(cat names.txt) cat`, "(lines of names.txt)"},
		{`xargs -a <(git ls-files; ls) cat`, "(names a pipeline prints)"},
		{`git ls-files | xargs -a - cat`, "(output of git ls-files)"},
		{`git ls-files | xargs -a /dev/stdin cat`, "(output of git ls-files)"},
		{`xargs -a /dev/stdin cat < list`, "(lines of list)"},
		{`xargs cat < <(git ls-files)`, "(output of git ls-files)"},
		{`xargs -a list cat`, "(lines of list)"},
		{`cd app && xargs -a files.txt wc -l`, "app/(lines of app/files.txt)"},
	} {
		s, err := shell.Parse(tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		var got []string
		for _, c := range s.Commands {
			if len(c.Via) == 0 || c.Via[len(c.Via)-1] != "xargs" {
				continue
			}
			for _, e := range c.Effects {
				got = append(got, e.Path.Value)
			}
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: the command xargs runs reads %q, want [%s]", tc.src, got, tc.want)
		}
	}
	// An option whose value only is known at run time is no unknown
	// command; any other dynamic option still is.
	for src, unknown := range map[string]bool{`xargs --arg-file=<(ls) cat`: false, `xargs $OPTS cat`: true} {
		s, err := shell.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, c := range s.Commands {
			got = got || c.Dynamic
		}
		if got != unknown {
			t.Errorf("%s: unknown %v, want %v", src, got, unknown)
		}
	}
}
