package shell

import "testing"

// TestMakesLinks: the commands that may make a link, read with cp's own
// options (a value of -S is a suffix, not options).
func TestMakesLinks(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{`ln -s a b`, true}, {`link a b`, true}, {`cp -s a b`, true}, {`cp -rs a b`, true},
		{`cp --symbolic-link a b`, true}, {`cp --link a b`, true}, {`cp -l a b`, true}, {`cp $opt a b`, true},
		{`cp -r ../x/. "$PWD"`, false}, {`cp -a a b`, false}, {`cp -S .l a b`, false}, {`cp a -- -s`, false}, {`mv a b`, false},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Commands[0].MakesLinks(); got != tc.want {
			t.Errorf("%s: MakesLinks %v, want %v", tc.src, got, tc.want)
		}
	}
}
