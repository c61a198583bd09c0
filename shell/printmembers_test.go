package shell

import "testing"

// TestMembersPrinted: archivers that print an archive's members to the
// standard output (ar p, 7z x -so and e -so, funzip, with tar xO) read
// the archive's files: a Reads effect of the archive with From set,
// which policies read the archive's names for. ar x, 7z x to a folder
// and ar t do not print them.
func TestMembersPrinted(t *testing.T) {
	for _, tc := range []struct {
		src, from string
	}{
		{"ar p x.a", "x.a"},
		{"ar pv x.a m.o", "x.a"},
		{"7z x -so x.7z", "x.7z"},
		{"7z e x.7z -so", "x.7z"},
		{"funzip x.zip", "x.zip"},
		{"funzip -secret x.zip", "x.zip"},
		{"tar xOf x.tar", "x.tar"},
		{"ar x x.a", ""},
		{"ar t x.a", ""},
		{"7z x x.7z -oout", ""},
		{"funzip", ""},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		got := ""
		for _, c := range s.Commands {
			for _, e := range c.Effects {
				if e.Kind == Reads && e.From != nil {
					got = e.From.Value
				}
			}
		}
		if got != tc.from {
			t.Errorf("%s: members of %q printed, want %q", tc.src, got, tc.from)
		}
	}
	want := map[string]string{"ar pv x.a m.o": "m.o"}
	for src, m := range want {
		s, _ := Parse(src)
		found := false
		for _, e := range s.Commands[0].Effects {
			found = found || e.Kind == Reads && e.From == nil && e.Path.Value == m
		}
		if !found {
			t.Errorf("%s: no read of %s", src, m)
		}
	}
}
