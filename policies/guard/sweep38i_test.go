package guard

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestSweep38i: sweep 38's ninth pass (issue 38), the eighth pass's
// known misses and costs closed as classes, in a project with the hook
// installed and app/.env (KEY=1) committed. Each attack, run under bash
// in a copy of such a project, printed KEY=1 and is denied by rule 7
// (but the 7z rows: 7z is not on the sandbox machine, and they are
// judged from its documentation); each look-alike beside it passes.
//
//   - xargs reading its names from a file or a process substitution (-a,
//     --arg-file, < <(…)) is judged as the same names piped in;
//   - du -a lists every file under its folders, as find does;
//   - an archive redirected into a program's standard input is read as
//     if given as a file: funzip and tar xO print its members, cat, zcat
//     and base64 its bytes; 7z x -so, whose archive the guard cannot
//     list, is denied, and 7z l and 7z a pass.
//
// A grep of the files git ls-files names is TestGrepListedNames'.
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
	writeFile(t, root, "x.7z", "7z\xbc\xaf\x27\x1c\x00\x04")
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
		// A grep of the files git ls-files names (see TestGrepListedNames).
		{"git ls-files | xargs grep KEY", true},
		{"xargs -a <(git ls-files) grep -n KEY", true},
		{"git ls-files | xargs grep", true},
		{"git ls-files | xargs grep -n TODO", false},
		{"xargs -a <(git ls-files) grep -n TODO", false},
		// 7z (not on the sandbox machine: its documented behaviour). The
		// guard cannot list a 7z archive's members: one printed is
		// denied; a listing and an archive made pass.
		{"7z x -so x.7z", true},
		{"7z e -so x.7z | strings", true},
		{"7z x -si -so < x.tar", true},
		{"7z l x.7z", false},
		{"7z a out.7z src", false},
		{"7z a -tzip out.zip docs", false},
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

// TestGrepListedNames: a grep of the files git ls-files names is judged
// by the tracked credential files' text, as grep -r PATTERN . is: under
// bash, `git ls-files | xargs grep TODO` printed no line of app/.env
// (KEY=1), and passes; a pattern that matches a line of it, one that
// cannot be read, -v, or a name that grep would take for an option
// (docs/x -v, tracked: xargs split it, and grep -v printed KEY=1) is
// denied. In a repository with no tracked credential file, each passes.
func TestGrepListedNames(t *testing.T) {
	root, write, git := repo(t)
	write("src/main.go", "package main // TODO: split\n")
	write("README.md", "hi\n")
	write("app/.env", "KEY=1\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "one")
	judge := func(cmd string) (string, bool) {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	pass := []string{"git ls-files | xargs grep TODO", "git ls-files | xargs grep -n TODO", "git ls-files | xargs grep -e TODO -e FIXME",
		"git ls-files -z | xargs -0 grep -n TODO --", "git ls-files | xargs grep -c TODO", "git ls-files | xargs grep -l TODO",
		"git ls-files | xargs grep -A3 -i todo", "git ls-files app | xargs grep TODO", "git ls-files | xargs grep TODO > /tmp/todo.txt",
		"git ls-files | xargs -I{} grep -H TODO {}"}
	deny := []string{"git ls-files | xargs grep KEY", "git ls-files | xargs grep -i key", "git ls-files | xargs grep 'K.Y'",
		"git ls-files | xargs grep -v TODO", "git ls-files | xargs grep", "git ls-files | xargs grep '\\w'",
		"git ls-files | xargs grep -f pats.txt", "git ls-files | xargs grep TODO $OPTS", "git ls-files | xargs rg TODO",
		"git ls-files | xargs cat", "git ls-files | xargs grep -z TODO",
		"git show HEAD:app/.env > app/.env; git ls-files | xargs grep TODO",
		"mytool; git ls-files | xargs grep TODO"}
	for _, cmd := range pass {
		if r, d := judge(cmd); d {
			t.Errorf("%q: denied (%s), want it to pass", cmd, r)
		}
	}
	for _, cmd := range deny {
		if r, d := judge(cmd); !d || !strings.Contains(r, "rule 7") && !strings.Contains(r, "rule 3") {
			t.Errorf("%q: deny %v (%s), want it denied by rule 7", cmd, d, r)
		}
	}
	// A tracked name grep would read as an option, or with a quote xargs
	// reads: the names are not known.
	for _, name := range []string{"docs/x -v", "-v", "docs/it's"} {
		write(name, "x\n")
		git("add", "--", name)
		git("commit", "-qm", "name")
		if _, d := judge("git ls-files | xargs grep TODO"); !d {
			t.Errorf("git ls-files | xargs grep TODO with %q tracked: passes, want it denied", name)
		}
		git("rm", "-q", "--", name)
		git("commit", "-qm", "gone")
	}
	if r, d := judge("git ls-files | xargs grep TODO"); d {
		t.Errorf("git ls-files | xargs grep TODO after the names are gone: denied (%s)", r)
	}
	// No credential file tracked: every search passes.
	git("rm", "-q", "--cached", "app/.env")
	git("commit", "-qm", "untrack")
	for _, cmd := range []string{"git ls-files | xargs grep KEY", "git ls-files | xargs grep -n TODO", "git ls-files | xargs grep -v TODO"} {
		if r, d := judge(cmd); d {
			t.Errorf("%q with no tracked credential file: denied (%s), want it to pass", cmd, r)
		}
	}
}

// TestGrepTextsBound: a call reads at most maxGrepTexts credential files
// to tell whether a line search of them matches, each once for a
// search's patterns: with that many tracked (none holding TODO), a
// script of twenty such greps passes; with one more, it is denied.
func TestGrepTextsBound(t *testing.T) {
	root, write, git := repo(t)
	write("src/main.go", "package main // TODO\n")
	for i := range maxGrepTexts {
		write(fmt.Sprintf("env%d/.env", i), "KEY=1\n")
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "one")
	judge := func(cmd string) (string, bool) {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	many := strings.Repeat("git ls-files | xargs grep -n TODO\n", 20)
	if r, d := judge(many); d {
		t.Errorf("twenty greps of %d credential files: denied (%s), want it to pass", maxGrepTexts, r)
	}
	write("more/.env", "KEY=1\n")
	git("add", "-A")
	git("commit", "-qm", "two")
	if _, d := judge("git ls-files | xargs grep -n TODO"); !d {
		t.Errorf("a grep of %d credential files: passes, want it denied", maxGrepTexts+1)
	}
}
