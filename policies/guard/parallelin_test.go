package guard

import (
	"testing"

	"github.com/agenthooks/hooks"
)

// TestParallelReplacement: GNU parallel given a command with a
// replacement string ({}, {.}, …), or one word its shell splits
// (parallel "cat {}"), runs it on each line of its input as xargs -I
// does (issue 38). In a project with app/.env (KEY=1) committed, each
// attack printed the key under bash with GNU parallel 20221122 and was
// let through (the names were taken for "$@", which no rule judged);
// the look-alikes read the names of a listing the guard reads, a name
// whose last part is written out, or print no file.
func TestParallelReplacement(t *testing.T) {
	root, _ := hookedProject(t)
	writeFile(t, root, "list.sh", "#!/bin/sh\necho app/.e\"\"nv\n")
	writeFile(t, root, "names.txt", "app/.env\n")
	writeFile(t, root, "ok.txt", "README.md\n")
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{`./list.sh | parallel "cat {}"`, true},
		{`./list.sh | parallel cat {}`, true},
		{`./list.sh | parallel -j2 cat {}`, true},
		{`./list.sh | parallel 'head -n 5 {}'`, true},
		{`./list.sh | parallel cat {.}.env`, true},
		{`./list.sh | xargs -I{} cat {}.bak`, true},
		{`parallel cat {} < <(./list.sh)`, true},
		{`parallel -a names.txt "cat {}"`, true},
		{`cat names.txt | parallel cat {}`, true},
		{`parallel cat :::: names.txt`, true},
		{`parallel "cat {}" :::: names.txt`, true},
		{`./list.sh | parallel cat`, true},
		// Look-alikes.
		{`ls *.go | parallel gofmt -l`, false},
		{`ls *.go | parallel "gofmt -l {}"`, false},
		{`find . -name '*.go' | parallel wc -l {}`, false},
		{`find src -type f | parallel cat {}`, false},
		{`ls | parallel echo {}`, false},
		{`./list.sh | parallel "wc -l {}"`, false},
		{`./list.sh | xargs -I{} cat {}/README.md`, false},
		{`./list.sh | parallel cat {}/README.md`, false},
		{`parallel -j4 gzip ::: a.log b.log`, false},
		{`parallel cat :::: ok.txt`, false},
	} {
		r := judge(root, "", tc.cmd)
		if got := r.Decision == hooks.DecisionDeny; got != tc.deny {
			t.Errorf("%s: denied %v, want %v (%s)", tc.cmd, got, tc.deny, r.Reason)
		}
	}
}
