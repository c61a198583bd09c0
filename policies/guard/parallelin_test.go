package guard

import (
	"testing"
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
	judgeTable(t, root, []judgeCase{
		{`./list.sh | parallel "cat {}"`, "guard: rule"},
		{`./list.sh | parallel cat {}`, "guard: rule"},
		{`./list.sh | parallel -j2 cat {}`, "guard: rule"},
		{`./list.sh | parallel 'head -n 5 {}'`, "guard: rule"},
		{`./list.sh | parallel cat {.}.env`, "guard: rule"},
		{`./list.sh | xargs -I{} cat {}.bak`, "guard: rule"},
		{`parallel cat {} < <(./list.sh)`, "guard: rule"},
		{`parallel -a names.txt "cat {}"`, "guard: rule"},
		{`cat names.txt | parallel cat {}`, "guard: rule"},
		{`parallel cat :::: names.txt`, "guard: rule"},
		{`parallel "cat {}" :::: names.txt`, "guard: rule"},
		{`./list.sh | parallel cat`, "guard: rule"},
		// Look-alikes.
		{`ls *.go | parallel gofmt -l`, ""},
		{`ls *.go | parallel "gofmt -l {}"`, ""},
		{`find . -name '*.go' | parallel wc -l {}`, ""},
		{`find src -type f | parallel cat {}`, ""},
		{`ls | parallel echo {}`, ""},
		{`./list.sh | parallel "wc -l {}"`, ""},
		{`./list.sh | xargs -I{} cat {}/README.md`, ""},
		{`./list.sh | parallel cat {}/README.md`, ""},
		{`parallel -j4 gzip ::: a.log b.log`, ""},
		{`parallel cat :::: ok.txt`, ""},
	})
}
