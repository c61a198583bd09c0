package guard

import (
	"context"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestSweep38e: sweep 38's fifth pass (testdata/sweep38e.txt), the
// fourth pass's known misses closed as classes, in a project with the
// hook installed: inline code that writes a file the same command then
// runs (rule 4), a file name printed by a substitution of fixed text,
// and an archive of a folder that holds a credential file sent to the
// output (rule 7). Each attack was run under bash in a sandbox project
// (a git repository with uncommitted work in src and notes, app/.env
// committed, scripts/test.sh and a Makefile) and lost src or printed
// app/.env's KEY=1 (a tar.gz or zip to base64 decoded and unpacked
// after); the rows of programs not on that machine (ruby, php, bsdtar)
// are judged only. Each is denied; the everyday commands beside them
// (testdata/everyday38e.txt, run under bash too) pass.
func TestSweep38e(t *testing.T) {
	root, s := hookedProject(t)
	unsetenv(t, "NOPE_DIR")
	home := t.TempDir()
	t.Setenv("HOME", home)
	writeFile(t, home, ".ssh/id_rsa", "OPENSSH-PRIVATE-TEST\n")
	judgeSweep(t, root, s, "38e", 40, 25)
}

// TestHistoryWithoutCredentials: git's history is read for a credential
// file's name, not denied on its words: in a repository that never
// tracked one (a .env ignored and a template committed, which is none),
// git log -p and the like pass; once a .env is committed and then
// deleted, they are denied, and a git that cannot read the revision
// named (the command prints nothing either) passes.
func TestHistoryWithoutCredentials(t *testing.T) {
	root, write, git := repo(t)
	write(".gitignore", ".env\n")
	write(".env.example", "KEY=\n")
	write("src/main.go", "package main\n")
	write(".env", "KEY=1\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	write("src/main.go", "package main // two\n")
	git("commit", "-qam", "second")
	cmds := []string{"git log -p", "git log -p --all", "git show HEAD~1", "git diff HEAD~1", "git log -U3 -- .",
		"git diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 HEAD"}
	judge := func(cmd string) (string, bool) {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	for _, cmd := range cmds {
		if r, deny := judge(cmd); deny {
			t.Errorf("%q: denied (%s), want it to pass in a repository that never tracked a credential file", cmd, r)
		}
	}
	git("add", "-f", ".env")
	git("commit", "-qm", "oops")
	git("rm", "-q", "--cached", ".env")
	git("commit", "-qm", "untrack it")
	for _, cmd := range cmds[:3] {
		if _, deny := judge(cmd); !deny {
			t.Errorf("%q: passes, want it denied once .env was committed", cmd)
		}
	}
	if r, deny := judge("git log -p no-such-rev"); deny {
		t.Errorf("git log -p no-such-rev: denied (%s), want it to pass (git prints nothing)", r)
	}
}
