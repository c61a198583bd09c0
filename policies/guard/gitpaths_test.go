package guard

import (
	"strings"
	"testing"
)

// TestDiscardsByState: git commands that discard by their words pass
// when the worktree says they lose nothing, and are denied, naming what
// they would lose, when it holds work.
func TestDiscardsByState(t *testing.T) {
	root, write, git := repo(t)
	write(".gitignore", "build/\n.env\n")
	write("main.go", "package main\n")
	write("docs/guide.md", "# guide\n")
	write("build/out.o", "x")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	clean := []judgeCase{
		{`git reset --hard`, ""},
		{`git reset --hard HEAD`, ""},
		{`git clean -fd`, ""},
		{`git clean -fdx`, ""}, // build/ alone: regenerable
		{`git clean -fdX`, ""},
		{`git checkout -- .`, ""},
		{`git restore .`, ""},
		{`git reset --hard origin/main`, "rule 2"}, // moves the branch: by its words
		{`git reset --hard HEAD~1`, "rule 2"},
		{`git clean -fd -e keep`, "rule 2"},
		{`git -C docs clean -fd`, "rule 2"},
	}
	judgeTable(t, root, clean)
	write("main.go", "package main // changed\n")
	write("notes.md", "mine\n")
	write(".env", "KEY=1\n")
	judgeTable(t, root, []judgeCase{
		{`git reset --hard`, "there: main.go"},
		{`git clean -fd`, "there: notes.md"},
		{`git clean -fdX`, "rule"}, // the ignored .env: rule 1 names it, rule 2 too
		{`git clean -fd docs`, ""},
		{`git checkout -- docs`, ""},
		{`git checkout -- .`, "there: main.go"},
		{`echo x > docs/guide.md; git checkout -- docs`, "rule 2"},
	})
}

// TestBranchDeleteByState: git branch -D passes when each branch is
// merged into HEAD (its commits stay reachable), and is denied when one
// holds commits no other ref has.
func TestBranchDeleteByState(t *testing.T) {
	root, write, git := repo(t)
	write("a.txt", "a\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	git("branch", "merged")
	git("checkout", "-qb", "topic")
	write("b.txt", "b\n")
	git("add", "-A")
	git("commit", "-qm", "topic work")
	git("checkout", "-q", "main")
	judgeTable(t, root, []judgeCase{
		{`git branch -D merged`, ""},
		{`git branch -D merged no-such-branch`, ""},
		{`git branch --delete --force merged`, ""},
		{`git branch -D topic`, "rule 2"},
		{`git branch -D merged topic`, "rule 2"},
		{`git reset --hard topic && git branch -D topic`, "rule 2"}, // the refs move first
		{`git -C . branch -D merged`, "rule 2"},
	})
}

// TestStateReadsBounded: a call reads the worktree's state at most
// maxStateReads times; past that the words decide (a thousand deletes
// would otherwise start a thousand git processes).
func TestStateReadsBounded(t *testing.T) {
	root := project(t)
	few := strings.Repeat("rm -rf docs; ", 5)
	many := strings.Repeat("rm -rf docs; ", maxStateReads+8)
	judgeTable(t, root, []judgeCase{
		{few, ""}, // docs: committed, unchanged
		{many, "rule 1"},
	})
}
