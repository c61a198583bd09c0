package guard

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestDeepListed: a reader that recurses into the folders a listing
// names reads what is under them, which the listing need not name. In a
// repository with app/x.go committed and app/.env (KEY=1) untracked,
// each denied command printed KEY=1 under bash; the look-alikes pass (a
// reader that does not recurse, a search whose pattern no credential
// file's text matches, a listing of a folder without one). So does a
// tree search of a glob's matches, which was not read at all.
func TestDeepListed(t *testing.T) {
	root, write, git := repo(t)
	git("init", "-q")
	write("app/x.go", "package app // TODO\n")
	write("src/main.go", "package main // TODO\n")
	git("add", "app/x.go", "src/main.go")
	git("commit", "-qm", "x")
	write("app/.env", "KEY=1\n")
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{"ls | xargs tar cf - | tar xO", true},
		{"ls | xargs grep -r KEY", true},
		{"ls | xargs grep -R -i key", true},
		{"git ls-tree --name-only HEAD | xargs grep -r KEY", true},
		{"find . -maxdepth 1 -type d | xargs grep -r KEY", true},
		{"cd app/.. && ls | xargs grep -r KEY", true},
		{"ls -d */ | xargs grep -r KEY", true},
		// A tree search of a glob's matches: the folder the glob is in.
		{"grep -r KEY */", true},
		{"grep -r KEY a*", true},
		{"grep -rn KEY ap?", true},
		{"tar cf - */ | tar xO", true},
		{"grep -r TODO */", false},
		{"grep -r KEY src/*", false},
		{"ls | xargs grep -r TODO", false},
		{"ls | xargs grep KEY", false},
		{"ls src | xargs -I{} grep -r KEY src/{}", false},
		{"ls -d */ | xargs du -sh", false},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: tc.cmd}}).Reason
		if got := strings.Contains(r, "rule 7"); got != tc.deny || !tc.deny && r != "" {
			t.Errorf("%s: %q, want deny %v", tc.cmd, r, tc.deny)
		}
	}
}
