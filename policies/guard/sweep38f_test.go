package guard

import (
	"testing"
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
	judgeSweep(t, root, s, "38f", 1, 1)
}
