package guard

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestSweep38f: sweep 38's sixth pass (testdata/sweep38f.txt), the
// fifth pass's known misses closed as classes, in a project with the
// hook installed (rule 7): a credential file's text kept in a stash
// (app/.env changed and stashed, under stash@{1}, a change of
// docs/guide.md stashed on top of it), an archive of a folder that
// holds a credential file sent to the output by archivers beyond tar
// and zip, and a reader whose file names come from a listing of a
// folder that holds one. Each attack was run under bash in a sandbox
// project laid out the same way and printed app/.env's KEY=; the rows
// of programs not on that machine are judged only. Each is denied; the
// everyday commands beside them (testdata/everyday38f.txt, run under
// bash too) pass.
func TestSweep38f(t *testing.T) {
	root, s := hookedProject(t)
	unsetenv(t, "NOPE_DIR")
	_, _, g := repo(t)
	git := func(args ...string) { g(append([]string{"-C", root}, args...)...) }
	writeFile(t, root, "app/.env", "KEY=2\n")
	git("stash", "push", "-q", "--", "app/.env")
	writeFile(t, root, "docs/guide.md", "# guide, changed\n")
	git("stash", "push", "-q", "--", "docs/guide.md")
	writeFile(t, root, "list", "app/.env\n")
	writeFile(t, root, "files.txt", "README.md\ndata.txt\n")
	judgeSweep(t, root, s, "38f", 45, 30)
}

// TestNamesFileBounds: a file of names is read whole or not trusted. A
// list of 70 KiB of names with app/.env last (past the 64 KiB read of
// one file; under bash, `xargs cat < big.txt` printed KEY=1) is denied,
// and so is a read past the bytes a call reads of such files (twenty
// lists of 60 KiB, none naming a credential file: their names are not
// all known); a short list naming README.md passes.
func TestNamesFileBounds(t *testing.T) {
	root := project(t)
	junk := strings.Repeat("docs/guide.md\n", 70<<10/14)
	writeFile(t, root, "big.txt", junk+"app/.env\n")
	writeFile(t, root, "short.txt", "docs/guide.md\n")
	var many []string
	for i := range 20 {
		name := "l" + strconv.Itoa(i) + ".txt"
		writeFile(t, root, name, junk[:60<<10])
		many = append(many, "xargs cat < "+name)
	}
	judge := func(cmd string) (string, bool) {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	if _, deny := judge("xargs cat < big.txt"); !deny {
		t.Error("xargs cat < big.txt (app/.env past 64 KiB): passes, want it denied")
	}
	if r, deny := judge("xargs cat < short.txt"); deny {
		t.Errorf("xargs cat < short.txt: denied (%s), want it to pass", r)
	}
	if r, deny := judge(strings.Join(many[:10], "; ")); deny {
		t.Errorf("ten lists of 60 KiB: denied (%s), want them to pass", r)
	}
	if _, deny := judge(strings.Join(many, "; ")); !deny {
		t.Error("twenty lists of 60 KiB (past the bytes a call reads): pass, want them denied")
	}
}
