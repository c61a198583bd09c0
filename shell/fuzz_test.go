package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// FuzzParse checks that Parse never panics, and that a script printed by
// the syntax printer parses again to the same commands and writes
// (printing is stable: a second round prints the same text).
func FuzzParse(f *testing.F) {
	for _, tc := range parseCases {
		f.Add(tc.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Parse(src)
		if err != nil {
			return
		}
		if strings.ContainsAny(src, "\v\f\r") {
			// The syntax printer drops \v, \f and \r outside quotes, where
			// bash reads them as part of a word: no printed form to compare.
			return
		}
		file, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatalf("Parse accepted %q, the syntax parser did not: %v", src, err)
		}
		var b strings.Builder
		if err := syntax.NewPrinter().Print(&b, file); err != nil {
			return // some odd inputs have no printed form
		}
		printed := b.String()
		s2, err := Parse(printed)
		if err != nil {
			t.Fatalf("printed form %q of %q does not parse: %v", printed, src, err)
		}
		if n1, n2 := names(s), names(s2); n1 != n2 {
			t.Errorf("commands of %q: %s\nof its printed form %q: %s", src, n1, printed, n2)
		}
		file2, err := syntax.NewParser().Parse(strings.NewReader(printed), "")
		if err != nil {
			t.Fatal(err)
		}
		var b2 strings.Builder
		syntax.NewPrinter().Print(&b2, file2)
		if b2.String() != printed {
			t.Errorf("printing is not stable:\n%q\n%q", printed, b2.String())
		}
	})
}

// names lists the commands' names (? for dynamic ones) and the number of
// writes: what must not change when a script is reformatted.
func names(s *Script) string {
	var b strings.Builder
	for _, c := range s.Commands {
		if c.Dynamic {
			b.WriteString("? ")
			continue
		}
		b.WriteString(c.Name + " ")
	}
	b.WriteString("/ ")
	for _, w := range s.Writes {
		if n, ok := w.Path.Name(); ok {
			b.WriteString(n + " ")
		} else {
			b.WriteString("? ")
		}
	}
	return b.String()
}
