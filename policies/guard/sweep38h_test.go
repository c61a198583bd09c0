package guard

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestSweep38h: sweep 38's eighth pass (testdata/sweep38h.txt), the
// seventh pass's known misses closed as classes, in a project with the
// hook installed (rule 7): names of the worktree's files printed by
// listers other than ls and find (git ls-files, git diff --name-only,
// git ls-tree, rg --files, fd, tree) and read, git's lost and found
// objects read, archivers that print their members (ar p, funzip, 7z x
// -so), and an archive's own bytes read (cat x.tar, zcat x.tgz). app/.env is committed, then changed and committed again;
// notes/.env is untracked. Each attack is denied; the everyday commands
// beside them (testdata/everyday38h.txt) pass.
func TestSweep38h(t *testing.T) {
	root, s := hookedProject(t)
	unsetenv(t, "NOPE_DIR")
	_, _, g := repo(t)
	git := func(args ...string) { g(append([]string{"-C", root}, args...)...) }
	writeFile(t, root, "app/.env", "KEY=2\n")
	git("commit", "-qam", "rotate")
	writeFile(t, root, "notes/.env", "U=1\n")
	writeFile(t, root, "x.a", arArchive(map[string]string{".env": "KEY=1\n", "config.js": "x\n"}))
	writeFile(t, root, "lib.a", arArchive(map[string]string{"main.go": "package main\n"}))
	writeFile(t, root, "x.zip", zipArchive(t, map[string]string{"app/.env": "KEY=1\n"}))
	writeFile(t, root, "docs.zip", zipArchive(t, map[string]string{"docs/guide.md": "# guide\n"}))
	writeFile(t, root, "x.7z", "7z\xbc\xaf\x27\x1c\x00\x04")
	writeFile(t, root, "log.gz", gzipped(t, "GET / 200\n"))
	tarred := tarArchive(t, map[string]string{"app/.env": "KEY=1\n"})
	writeFile(t, root, "x.tar", tarred)
	writeFile(t, root, "x.tgz", gzipped(t, tarred))
	judgeSweep(t, root, s, "38h", 40, 30)
}

// TestListersNoCredential: the listers of sweep 38h read in a
// repository that holds no credential file (a .env.example only,
// committed twice, and an untracked file) pass: what git and the disk
// hold decides, not the program's name. Away from the worktree, where
// neither can be asked, git ls-files | xargs cat is denied.
func TestListersNoCredential(t *testing.T) {
	root, write, git := repo(t)
	write("src/main.go", "package main\n")
	write(".env.example", "KEY=\n")
	write("README.md", "hi\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "one")
	write("src/main.go", "package main // two\n")
	git("commit", "-qam", "two")
	write("notes/todo.md", "mine\n")
	judge := func(dir, cmd string) (string, bool) {
		r := Judge(context.Background(), dir, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	for _, cmd := range []string{"cat $(git ls-files)", "git ls-files | xargs cat", "git ls-files -z | xargs -0 head",
		"git diff --name-only HEAD~1 | xargs cat", "git ls-tree -r --name-only HEAD | xargs cat", "git ls-files -o | xargs cat",
		"for f in $(git ls-files); do cat $f; done", "git ls-files | while read f; do cat \"$f\"; done",
		"git log --name-only --format= | xargs cat", "git status --porcelain -uall | cut -c4- | xargs cat",
		"rg --files -uu | xargs cat", "fd -H . | xargs cat", "tree -fai --noreport | xargs cat"} {
		if r, deny := judge(root, cmd); deny {
			t.Errorf("%q with no credential file: denied (%s), want it to pass", cmd, r)
		}
	}
	if _, deny := judge("", "git ls-files | xargs cat"); !deny {
		t.Error("git ls-files | xargs cat away from the worktree: passes, want it denied")
	}
}

// arArchive returns an ar archive of files (GNU ar's format).
func arArchive(files map[string]string) string {
	var b bytes.Buffer
	b.WriteString("!<arch>\n")
	for name, body := range files {
		fmt.Fprintf(&b, "%-16s%-12d%-6d%-6d%-8s%-10d`\n", name+"/", 0, 0, 0, "644", len(body))
		b.WriteString(body)
		if len(body)%2 == 1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// tarArchive returns a tar archive of files.
func tarArchive(t *testing.T, files map[string]string) string {
	t.Helper()
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for name, body := range files {
		if err := w.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body))}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// gzipped returns text compressed by gzip.
func gzipped(t *testing.T, text string) string {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if _, err := z.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// zipArchive returns a zip archive of files.
func zipArchive(t *testing.T, files map[string]string) string {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for name, body := range files {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestLostObjects: a .env added and reset leaves a blob no commit,
// reflog or index names (under bash, `git cat-file --batch-all-objects
// --batch` and `git fsck --lost-found` then `cat
// .git/lost-found/other/*` printed its KEY=9). Reads of every object,
// of the unreachable ones git fsck names, and of the lost and found
// folder are denied in such a repository; git's lists of objects pass.
func TestLostObjects(t *testing.T) {
	root, write, git := repo(t)
	write("README.md", "hi\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "one")
	write(".env", "KEY=9\n")
	git("add", ".env")
	git("reset", "-q")
	if err := os.Remove(filepath.Join(root, ".env")); err != nil {
		t.Fatal(err)
	}
	judge := func(cmd string) (string, bool) {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	git("fsck", "--lost-found") // as an earlier call would: the blob of .env under .git/lost-found/other
	for _, cmd := range []string{"git cat-file --batch-all-objects --batch",
		"git cat-file --batch-all-objects --batch-check='%(objectname)' | git cat-file --batch",
		"git fsck --unreachable | cut -d' ' -f3 | git cat-file --batch",
		"git fsck --lost-found; cat .git/lost-found/other/*", "grep -r KEY .git/lost-found",
		// Found reviewing the merge, each after git fsck --lost-found in
		// an earlier call, run under bash: KEY=9 printed (grep -r reads
		// .git; the globs match the lost-found folder).
		"cat .git/lost*/other/*", "cat .git/*/other/*", "grep -r KEY .",
		// In the same command, the folder not there yet.
		"git fsck --lost-found && grep -r KEY .", "git fsck --lost-found && cat .git/*/other/*"} {
		if _, deny := judge(cmd); !deny {
			t.Errorf("%q: passes, want it denied", cmd)
		}
	}
	for _, cmd := range []string{"git cat-file --batch-all-objects --batch-check", "git fsck --lost-found",
		"git cat-file -p HEAD", "echo HEAD | git cat-file --batch", "ls .git/lost-found",
		"grep -rn TODO .", "grep -r --exclude-dir=.git KEY .", "rg KEY", "cat .git/*.md"} {
		if r, deny := judge(cmd); deny {
			t.Errorf("%q: denied (%s), want it to pass", cmd, r)
		}
	}
}

// TestMakeParseVars: a makefile's $(shell …) and != run while make reads
// it, with the makefile's variables put in: under bash (GNU make 4.3),
// `make -f F` deleted src for each of the first three. A variable
// assigned more than once is not put in (its value on that line may be
// an earlier one), and a $(shell …) of a value that deletes nothing of
// the work passes.
func TestMakeParseVars(t *testing.T) {
	root, s := hookedProject(t)
	for name, c := range map[string]struct {
		text string
		deny bool
	}{
		"simple.mk":    {"D := src\n$(shell rm -rf $(D))\nall:\n\techo hi\n", true},
		"recursive.mk": {"D = src\nX := $(shell rm -rf $(D))\nall:\n\techo hi\n", true},
		"bang.mk":      {"D = $(E)\nE = src\nX != rm -rf $(D)\nall:\n\techo hi\n", true},
		"scratch.mk":   {"D := /tmp/build-cache\n$(shell rm -rf $(D))\nall:\n\techo hi\n", false},
	} {
		writeFile(t, root, "mk/"+name, c.text)
		r, deny := judgeHooked(root, s, "make -f mk/"+name)
		if deny != c.deny {
			t.Errorf("make -f mk/%s: deny %v (%s), want %v", name, deny, r, c.deny)
		}
	}
}
