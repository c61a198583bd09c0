package guard

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestConfigAliases: an alias in git's settings on the disk runs as the
// command it stands for. With x = !rm -rf src and co = checkout in
// .git/config (an earlier call's printf >> .git/config), `git x` deleted
// src and `git co -- .` discarded a change under bash; both were let
// through. A folder holding a .gitconfig set as HOME does the same.
func TestConfigAliases(t *testing.T) {
	root, write, git := repo(t)
	git("init", "-q")
	write("src/main.go", "package main\n")
	git("add", "src/main.go")
	git("commit", "-qm", "x")
	write("src/main.go", "package main // changed\n")
	f, err := os.OpenFile(filepath.Join(root, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("[alias]\n\tx = !rm -rf src\n\tco = checkout\n\tst = status --short\n\tcoco = co\n\tl = log --oneline\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, tc := range []struct{ cmd, rule string }{
		{"git x", "rule 4"},
		{"git -C src x", "rule 4"},
		{"git co -- .", "rule 2"},
		{"git co src/main.go", "rule 2"},
		{"git coco -- .", "rule 2"},
		{"cd src && git x", "rule 4"},
		{"HOME=/tmp/h git x", "rule 4"},
		{"export HOME=/tmp/h; git status", "rule 4"},
		{"git st", ""},
		{"git l -3", ""},
		{"git co -b feature", ""},
		{"git status", ""},
		{"git nosuch", ""}, // no alias: git-nosuch on the path, a program like any other
		{"GNUPGHOME=/tmp/g git log -1", ""},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: tc.cmd}}).Reason
		if tc.rule == "" && r != "" || tc.rule != "" && !strings.Contains(r, tc.rule) {
			t.Errorf("%s: %q, want %q", tc.cmd, r, tc.rule)
		}
	}
}
