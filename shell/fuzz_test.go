package shell

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// FuzzParse checks that Parse never panics, allocates a bounded amount
// per byte of input, accepts only what the syntax
// parser accepts, accepts the printed form of what it accepted, and that
// its result on printed output is stable: printing once more gives the
// same commands and writes. The syntax printer has bugs of its own that
// change a script's meaning (">0>()" prints as ">0 >()") or the order of
// redirections, so the source and its first printed form are not compared
// one by one, and the order of commands is not.
func FuzzParse(f *testing.F) {
	for _, tc := range parseCases {
		f.Add(tc.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		s, err := Parse(src)
		runtime.ReadMemStats(&m1)
		// Bounded memory: a fixed cost plus a bounded cost per byte (the
		// syntax parser's own is about 80 bytes a byte).
		if n := m1.TotalAlloc - m0.TotalAlloc; n > 1<<20+uint64(1000*len(src)) {
			t.Errorf("Parse of %d bytes allocated %d bytes", len(src), n)
		}
		if err != nil {
			return
		}
		if strings.ContainsAny(src, "\v\f\r\x00") {
			// The syntax printer drops \v, \f, \r and NUL outside quotes,
			// where bash reads them as part of a word: no printed form to
			// compare.
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
		file2, err := syntax.NewParser().Parse(strings.NewReader(printed), "")
		if err != nil {
			// The syntax printer's own bug (it prints $`` as $$()): not
			// this package's to check.
			return
		}
		s2, err := Parse(printed)
		if err != nil {
			t.Fatalf("printed form %q of %q does not parse: %v", printed, src, err)
		}
		if len(s2.Commands) == 0 && len(s.Commands) > 0 {
			t.Errorf("commands of %q: %s\nits printed form %q has none", src, names(s), printed)
		}
		var b2 strings.Builder
		if err := syntax.NewPrinter().Print(&b2, file2); err != nil {
			return
		}
		s3, err := Parse(b2.String())
		if err != nil {
			t.Fatalf("second printed form %q of %q does not parse: %v", b2.String(), src, err)
		}
		if n2, n3 := sorted(names(s2)), sorted(names(s3)); n2 != n3 {
			t.Errorf("parse of printed output is not stable: %q gives %s, printed again %q gives %s", printed, n2, b2.String(), n3)
		}
	})
}

// sorted sorts the space-separated fields of s.
func sorted(s string) string {
	f := strings.Fields(s)
	slices.Sort(f)
	return strings.Join(f, " ")
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
