package guard

import (
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	hooks "github.com/agenthooks/hooks"
)

// TestHistoryPathspecs: a committed .env shown through a pathspec git
// reads with wildcards or magic (before or after --), or through a
// file's text in a commit or the index (REV:path, :path). Each attack was
// run under bash in a repository with .env committed twice: git printed
// its text (KEY=…). The look-alikes name no credential file, or the
// repository never tracked one.
func TestHistoryPathspecs(t *testing.T) {
	root, write, git := repo(t)
	write(".env", "KEY=1\n")
	write("a.go", "package a\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	write(".env", "KEY=2\n")
	git("commit", "-qam", "second")
	judge := func(cmd string) (string, bool) {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	for _, cmd := range []string{
		"git log -p '*.env'", "git log -p ':/*.env'", "git log -p ':!a.go'", "git log -p ':(glob)**/.env'",
		"git log -p -- '*.env'", "git log -p -- ':/*.env'", "git log -p -- ':!a.go'", "git log -p -- '.e*'",
		"git show HEAD '*.env'", "git show HEAD -- '*.env'", "git diff HEAD~1 HEAD '*.env'", "git diff HEAD~1 -- '.e?v'",
		"git show HEAD:.env", "git show :.env", "git show HEAD~1:.env", "git cat-file -p HEAD:.env", "git show HEAD:./.env",
	} {
		if _, deny := judge(cmd); !deny {
			t.Errorf("%q: passes, want it denied (it prints .env's text)", cmd)
		}
	}
	for _, cmd := range []string{"git log -p -- a.go", "git show HEAD:a.go", "git log --oneline ':!a.go'", "git log --stat -- '*.go'",
		"git diff HEAD~1 --stat", "git show HEAD --name-only"} {
		if r, deny := judge(cmd); deny {
			t.Errorf("%q: denied (%s), want it to pass", cmd, r)
		}
	}
	// In a repository that never tracked a credential file, a pathspec
	// with wildcards passes.
	root2, write2, git2 := repo(t)
	write2("a.go", "package a\n")
	write2(".gitignore", ".env\n")
	write2(".env", "KEY=1\n")
	git2("init", "-q")
	git2("add", "-A")
	git2("commit", "-qm", "first")
	for _, cmd := range []string{"git log -p -- '*.go'", "git log -p '*.go'", "git show HEAD -- ':!a.go'"} {
		r := Judge(context.Background(), root2, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		if r.Decision == hooks.DecisionDeny {
			t.Errorf("%q in a repository that never tracked .env: denied (%s), want it to pass", cmd, r.Reason)
		}
	}
}

// TestRevisionTrees: a committed, then untracked, .env printed from a
// revision's tree (git grep REV, git archive REV to the output), from
// objects named on git's input (cat-file --batch), or in patches
// (format-patch). Each attack was run under bash in such a repository:
// git printed KEY=2. The look-alikes print no credential file's text,
// or run where no commit ever held one. (git format-patch -1 prints the
// last commit, which untracks .env: its patch holds -KEY=2.)
func TestRevisionTrees(t *testing.T) {
	root, write, git := repo(t)
	write(".env", "KEY=1\n")
	write("a.go", "package a // TODO\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	write(".env", "KEY=2\n")
	git("commit", "-qam", "second")
	git("rm", "-q", "--cached", ".env")
	git("commit", "-qm", "untrack")
	judge := func(dir, cmd string) (string, bool) {
		r := Judge(context.Background(), dir, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	attacks := []string{"git grep KEY HEAD~1", "git grep -h '' HEAD~1 -- '*.env'", "git grep -e KEY HEAD~1 HEAD~2",
		"git archive HEAD~1 | tar xO", "git archive --format=tar HEAD~1 | tar xO", "git cat-file --batch <<< HEAD~1:.env",
		"echo HEAD~1:.env | git cat-file --batch", "git format-patch -1 HEAD~1 --stdout", "git format-patch HEAD~2..HEAD --stdout",
		"git format-patch --root --stdout", "git -C . grep KEY HEAD~1", "git format-patch -1 --stdout", "git reflog -p",
		"git reflog show -p", "git diff-tree -p HEAD", "git diff-tree -p -r HEAD~1"}
	// An object by its id, as git ls-tree -r HEAD~1 printed it.
	id := func(rev string) string {
		out, err := exec.Command("git", "-C", root, "rev-parse", rev).Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	envID, goID := id("HEAD~1:.env"), id("HEAD:a.go")
	attacks = append(attacks, "git cat-file -p "+envID[:7], "git show "+envID[:8], "git cat-file blob "+envID,
		"git diff "+envID[:7]+" "+goID[:7], "git show "+strings.ToUpper(envID[:9]))
	for _, cmd := range attacks {
		if _, deny := judge(root, cmd); !deny {
			t.Errorf("%q: passes, want it denied (it prints .env's text)", cmd)
		}
	}
	for _, cmd := range []string{"git ls-tree -r HEAD~1", "git archive -o out.tar HEAD~1", "git cat-file --batch-check <<< HEAD",
		"git grep TODO -- a.go", "git format-patch -1 --stdout HEAD~1 -- a.go", "git cat-file -p " + goID[:7],
		"git cat-file -t " + envID[:7], "git show cafe", "git reflog", "git diff-tree -r HEAD~1", "git reflog show --stat"} {
		if r, deny := judge(root, cmd); deny {
			t.Errorf("%q: denied (%s), want it to pass", cmd, r)
		}
	}
	clean, write2, git2 := repo(t)
	write2("a.go", "package a // TODO\n")
	git2("init", "-q")
	git2("add", "-A")
	git2("commit", "-qm", "first")
	git2("commit", "-q", "--allow-empty", "-m", "second")
	for _, cmd := range []string{"git grep TODO HEAD~1", "git archive HEAD | tar t", "git cat-file --batch <<< HEAD:a.go",
		"git format-patch --root --stdout"} {
		if r, deny := judge(clean, cmd); deny {
			t.Errorf("%q where no commit held a credential file: denied (%s), want it to pass", cmd, r)
		}
	}
}

// TestHistoryReadsBound: a call asks git at most maxHistoryReads
// questions on its history and trees; past them the command is denied,
// even where no commit held a credential file (sixty `git grep x bN`
// cost eight git processes before).
func TestHistoryReadsBound(t *testing.T) {
	root, write, git := repo(t)
	write("a.go", "package a\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	var cmds []string
	for i := range maxHistoryReads + 1 {
		git("commit", "-q", "--allow-empty", "-m", "c")
		cmds = append(cmds, "git log -p -1 HEAD~"+strconv.Itoa(i))
	}
	judge := func(cmd string) (string, bool) {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	if r, deny := judge(strings.Join(cmds[:maxHistoryReads], "; ")); deny {
		t.Errorf("%d questions: denied (%s), want a pass", maxHistoryReads, r)
	}
	if _, deny := judge(strings.Join(cmds, "; ")); !deny {
		t.Errorf("%d questions: passes, want a deny", len(cmds))
	}
	if r, deny := judge(strings.Join(append(cmds[:1], cmds[:1]...), "; ")); deny {
		t.Errorf("one question asked twice: denied (%s), want a pass", r)
	}
}
