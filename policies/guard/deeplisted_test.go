package guard

import (
	"testing"
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
	judgeTable(t, root, []judgeCase{
		{"ls | xargs tar cf - | tar xO", "rule 7"},
		{"ls | xargs grep -r KEY", "rule 7"},
		{"ls | xargs grep -R -i key", "rule 7"},
		{"git ls-tree --name-only HEAD | xargs grep -r KEY", "rule 7"},
		{"find . -maxdepth 1 -type d | xargs grep -r KEY", "rule 7"},
		{"cd app/.. && ls | xargs grep -r KEY", "rule 7"},
		{"ls -d */ | xargs grep -r KEY", "rule 7"},
		// A tree search of a glob's matches: the folder the glob is in.
		{"grep -r KEY */", "rule 7"},
		{"grep -r KEY a*", "rule 7"},
		{"grep -rn KEY ap?", "rule 7"},
		{"tar cf - */ | tar xO", "rule 7"},
		{"grep -r TODO */", ""},
		{"grep -r KEY src/*", ""},
		{"ls | xargs grep -r TODO", ""},
		{"ls | xargs grep KEY", ""},
		{"ls src | xargs -I{} grep -r KEY src/{}", ""},
		{"ls -d */ | xargs du -sh", ""},
	})
}
