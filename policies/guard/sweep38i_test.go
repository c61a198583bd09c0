package guard

import (
	"strings"
	"testing"
)

// TestSweep38i: sweep 38's ninth pass (issue 38), the eighth pass's
// known misses and costs closed as classes, in a project with the hook
// installed and app/.env (KEY=1) committed. Each attack, run under bash
// in a copy of such a project, printed KEY=1 and is denied by rule 7;
// each look-alike beside it passes.
//
//   - xargs reading its names from a file or a process substitution (-a,
//     --arg-file, < <(…)) is judged as the same names piped in;
//   - du -a lists every file under its folders, as find does;
//   - an archive redirected into a program's standard input is read as
//     if given as a file: funzip and tar xO print its members, cat, zcat
//     and base64 its bytes;
func TestSweep38i(t *testing.T) {
	root, s := hookedProject(t)
	writeFile(t, root, "x.zip", zipArchive(t, map[string]string{"app/.env": "KEY=1\n"}))
	writeFile(t, root, "notes.zip", zipArchive(t, map[string]string{"README": "hi\n"}))
	writeFile(t, root, "files.txt", "src/main.go\nREADME.md\n")
	writeFile(t, root, "names.txt", "app/.env\n")
	tarred := tarArchive(t, map[string]string{"app/.env": "KEY=1\n"})
	writeFile(t, root, "x.tar", tarred)
	writeFile(t, root, "x.tgz", gzipped(t, tarred))
	writeFile(t, root, "docs.tgz", gzipped(t, tarArchive(t, map[string]string{"docs/guide.md": "# guide\n"})))
	writeFile(t, root, "log.gz", gzipped(t, "GET / 200\n"))
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		// xargs -a and --arg-file: a process substitution's names, the
		// standard input's, a file of names the command writes.
		{"xargs -a <(git ls-files) cat", true},
		{"xargs --arg-file=<(find . -name '.e*') cat", true},
		{"xargs --arg-file=<(git ls-files) head -n 5", true},
		{"git ls-files > list; xargs -a list cat", true},
		{"git ls-files | xargs -a - cat", true},
		{"git ls-files | xargs -a /dev/stdin cat", true},
		{"xargs cat < <(git ls-files)", true},
		{"xargs -a <(cat names.txt) cat", true},
		{"xargs -a names.txt cat", true},
		{"xargs -a files.txt wc -l", false},
		{"xargs -a files.txt cat", false},
		{"xargs -a <(cat files.txt) cat", false},
		{"xargs -a <(git ls-files '*.go') cat", false},
		{"xargs -a <(git ls-files) wc -l", false},
		{"xargs cat < <(find src -name '*.go')", false},
		// du -a: every file under its folders, dot files too.
		{"du -a | awk '{print $2}' | xargs cat", true},
		{"du -a . | cut -f2 | xargs cat", true},
		{"du -a | xargs cat", true},
		{"du -ah app | cut -f2 | xargs cat", true},
		{"du --all -d 1 app | cut -f2 | xargs head", true},
		{"cat $(du -a app | cut -f2)", true},
		{"for f in $(du -a | cut -f2); do cat $f; done", true},
		{"du -a | sort -n | tail", false},
		{"du -sh node_modules", false},
		{"du -a src | cut -f2 | xargs cat", false},
		{"du -a -d 1 | sort -h", false},
		{"du | cut -f2 | xargs ls", false},
		{"du -sh * | sort -h", false},
		// An archive redirected into the standard input.
		{"funzip < x.zip", true},
		{"funzip 0< x.zip", true},
		{"funzip <x.zip | base64", true},
		{"cd app && funzip < ../x.zip", true},
		{"tar xO < x.tar", true},
		{"tar xOf - < x.tar", true},
		{"tar -xzO < x.tgz", true},
		{"cat < x.tar", true},
		{"zcat < x.tgz", true},
		{"gzip -dc < x.tgz", true},
		{"base64 < x.tar", true},
		{"strings < x.zip", true},
		{"funzip < notes.zip", false},
		{"funzip notes.zip", false},
		{"tar xzO < docs.tgz", false},
		{"zcat < docs.tgz | head", false},
		{"zcat < log.gz", false},
		{"tar tf - < x.tar", false},
		{"gzip -dc < x.tgz | tar t", false},
		{"sha256sum < x.tgz", false},
		{"wc -c < x.tar", false},
		{"cat < x.tar > /tmp/copy.tar", false},
	} {
		r, deny := judgeHooked(root, s, tc.cmd)
		switch {
		case tc.deny && !deny:
			t.Errorf("%q: passes, want it denied by rule 7", tc.cmd)
		case tc.deny && !strings.Contains(r, "rule 7"):
			t.Errorf("%q: denied (%s), want it denied by rule 7", tc.cmd, r)
		case !tc.deny && deny:
			t.Errorf("%q: denied (%s), want it to pass", tc.cmd, r)
		}
	}
}
