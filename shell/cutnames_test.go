package shell

import (
	"context"
	"testing"
)

// TestCutNames: cut is seen through to the lister before it only where
// it takes out the whole name of the lister's line (git status
// --porcelain's XY NAME, du -a's SIZE<tab>NAME); any other selection
// may make new names of old ones' bytes (ls | cut -c2- made .env of
// x.env), and its names are cut's own.
func TestCutNames(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"git status --porcelain | cut -c4- | xargs cat", "(names git prints)"},
		{"git status --porcelain | cut --characters=4- | xargs cat", "(names git prints)"},
		{"du -a src | cut -f2 | xargs cat", "(names du prints)"},
		{"du -a | cut -f 2- | xargs cat", "(names du prints)"},
		{"git status --porcelain | cut -c3- | xargs cat", "(names cut prints)"},
		{"git status --porcelain | cut -c4- -f2 | xargs cat", "(names cut prints)"},
		{"du -a | cut -d/ -f2 | xargs cat", "(names cut prints)"},
		{"du -a | cut -f2 --complement | xargs cat", "(names cut prints)"},
		{"du -a | cut -f1 | xargs cat", "(names cut prints)"},
		{"ls | cut -c2- | xargs cat", "(names cut prints)"},
		{"./x | cut -f2 | xargs cat", "(names cut prints)"},
		{"du -a | cut -f$N | xargs cat", "(names cut prints)"},
	} {
		s, err := (&Parser{}).Parse(context.Background(), tc.cmd)
		if err != nil {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		got := ""
		for _, c := range s.Commands {
			if c.Name == "cat" {
				for _, e := range c.Effects {
					if e.Kind == Reads {
						got = e.Path.Value
					}
				}
			}
		}
		if got != tc.want {
			t.Errorf("%s: cat reads %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// TestParallelInputNames: parallel given a command of plain words and no
// arguments of its own appends its input's lines, as xargs does: their
// word says where the names come from.
func TestParallelInputNames(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"./x | parallel cat", "(names x prints)"},
		{"ls | parallel cat", "(entries of .)"},
		{"git diff --name-only | parallel head -5", "(names git prints)"},
		{"parallel cat ::: a", "a"},
		{`./x | parallel "cat {}"`, "(names x prints)"}, // plain words, split by parallel's shell
		{"./x | parallel -j2 cat {}", "(names x prints)"},
		{"./x | parallel cat {.}.env", "(names x prints).env"},
		{"ls | parallel cat src/{}", "src/(entries of .)"},
		{`./x | parallel "cat {} | tr a b"`, "(names x prints)"}, // plain words and operators: each part
		{`./x | parallel "echo a; cat"`, "(names x prints)"},     // appended to the last part
		{"parallel cat ::: $(./x)", "$(./x)"},
	} {
		s, err := (&Parser{}).Parse(context.Background(), tc.cmd)
		if err != nil {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		got := ""
		for _, c := range s.Commands {
			if c.Name == "cat" || c.Name == "head" {
				for _, e := range c.Effects {
					if e.Kind == Reads {
						got = e.Path.Value
					}
				}
			}
		}
		if got != tc.want {
			t.Errorf("%s: reads %q, want %q", tc.cmd, got, tc.want)
		}
	}
}
