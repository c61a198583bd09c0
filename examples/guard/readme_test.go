package main

import (
	"os"
	"strings"
	"testing"
)

// TestReadme runs the examples of README.md: in its "## Examples"
// section, each line of a sh block under "# denied by rule N" must be
// denied by rule N on every host, and each line under "# passes" must get
// no opinion. The README cannot drift from what the guard does.
func TestReadme(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Examples\n")
	if !ok {
		t.Fatal("README.md has no ## Examples section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	ran := map[int]int{}
	want, in := -1, false
	for _, line := range strings.Split(section, "\n") {
		switch {
		case line == "```sh":
			in, want = true, -1
		case line == "```":
			in = false
		case !in:
		case line == "# passes":
			want = pass
		case strings.HasPrefix(line, "# denied by rule "):
			want = int(line[len(line)-1] - '0')
			if want < rule1 || want > rule6 && want != rule7 || len(line) != len("# denied by rule 1") {
				t.Fatalf("README.md: %q: want # denied by rule 1 to 7", line)
			}
		case want < 0:
			t.Fatalf("README.md: %q comes before any # denied by rule N or # passes", line)
		case strings.TrimSpace(line) != "":
			check(t, handlers(), line, want)
			ran[want]++
		}
	}
	for _, r := range []int{pass, rule1, rule2, rule3, rule4, rule5, rule6, rule7} {
		if ran[r] == 0 {
			t.Errorf("README.md has no example for answer %d (0: passes, else the rule)", r)
		}
	}
}
