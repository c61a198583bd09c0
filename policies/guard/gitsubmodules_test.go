package guard

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestSubmoduleListed: git lists a submodule as its folder, which a
// reader that recurses reads whole. With lib a submodule holding an
// untracked .env (KEY=1), each denied command printed KEY=1 under bash
// (grep -r of the names, tar of them); the look-alikes pass in a
// submodule without a credential file, and in the submodule itself.
func TestSubmoduleListed(t *testing.T) {
	sub, subWrite, subGit := repo(t)
	subGit("init", "-q")
	subWrite("r.txt", "hi\n")
	subGit("add", "r.txt")
	subGit("commit", "-qm", "sub")
	root, write, git := repo(t)
	git("init", "-q")
	write("a.txt", "x TODO\n")
	git("add", "a.txt")
	git("-c", "protocol.file.allow=always", "submodule", "-q", "add", sub, "lib")
	git("-c", "protocol.file.allow=always", "submodule", "-q", "add", sub, "docs")
	git("commit", "-qm", "super")
	write("lib/.env", "KEY=1\n")
	judge := func(cmd string) string {
		return Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}}).Reason
	}
	for _, cmd := range []string{
		"git ls-files | xargs grep -r KEY",
		"git ls-files | xargs tar cf - | tar xO",
		"git ls-files -z | xargs -0 grep -R KEY",
		"git diff --name-only HEAD~0 | xargs grep -r KEY",
		"grep -r KEY $(git ls-files)",
	} {
		if r := judge(cmd); !strings.Contains(r, "rule 7") || !strings.Contains(r, "lib/.env") {
			t.Errorf("%s: %q, want rule 7 on lib/.env", cmd, r)
		}
	}
	for _, cmd := range []string{"git -C docs ls-files | xargs cat", "git -C lib ls-files | xargs wc -l", "git ls-files | wc -l"} {
		if r := judge(cmd); r != "" {
			t.Errorf("%s: denied: %s", cmd, r)
		}
	}
	// No credential file under a submodule: the names git lists pass.
	write("lib/.env", "")
	git("-C", "lib", "clean", "-qfx")
	if r := judge("git ls-files | xargs grep -r TODO"); r != "" {
		t.Errorf("without lib/.env: denied: %s", r)
	}
}

// TestGitmodulesUnread: a .gitmodules that cannot be read, or that
// names a folder in git's quoting, leaves the submodules unknown: a
// credential file may be in one.
func TestGitmodulesUnread(t *testing.T) {
	root, write, git := repo(t)
	git("init", "-q")
	write("a.txt", "TODO\n")
	git("add", "a.txt")
	git("commit", "-qm", "x")
	for _, body := range []string{"[submodule \"x\"]\n\tpath = \"my lib\"\n", strings.Repeat("#", maxGitmodules+1)} {
		write(".gitmodules", body)
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "git ls-files | xargs grep -r TODO"}}).Reason
		if !strings.Contains(r, ".gitmodules") {
			t.Errorf("%.40q: %q, want a deny naming .gitmodules", body, r)
		}
	}
}
