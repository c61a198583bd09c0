package guard

import (
	"os"
	"path/filepath"
	"testing"
)

// TestComputedNames: a content reader given the names a program makes up
// when it runs is denied by rule 7, in a project with app/.env (KEY=1)
// committed and list.sh printing its name. Each attack printed KEY=1
// under bash in a copy of the project; the look-alikes pass (names a
// lister prints and the guard reads, a name whose last part is written
// out, a place the environment gives, a reader that prints no text).
func TestComputedNames(t *testing.T) {
	root, _ := hookedProject(t)
	writeFile(t, root, "list.sh", "#!/bin/sh\necho app/.e\"\"nv\n")
	writeFile(t, root, "names.txt", "app/.env\n")
	writeFile(t, root, "ok.txt", "README.md\n")
	judgeTable(t, root, []judgeCase{
		{"./list.sh | xargs cat", "rule 7"},
		{"./list.sh | parallel cat", "rule 7"},
		{"xargs cat < <(./list.sh)", "rule 7"},
		{"xargs -a <(./list.sh) head", "rule 7"},
		{`python3 -c 'print("app/." + "env")' | xargs cat`, "rule 7"},
		{`cat $(python3 -c 'print("app/." + "env")')`, "rule 7"},
		{`cat "$(./list.sh)"`, "rule 7"},
		{"cat `./list.sh`", "rule 7"},
		{"echo app/.en | sed s/n$/nv/ | xargs cat", "rule 7"},
		{"echo YXBwLy5lbnY= | base64 -d | xargs cat", "rule 7"},
		{"rev <<< vne./ppa | xargs cat", "rule 7"},
		{"echo $(./list.sh) | xargs cat", "rule 7"},
		{`jq -rn '"app/.env"' | xargs cat`, "rule 7"},
		{`awk 'BEGIN{print "app/.e" "nv"}' | xargs cat`, "rule 7"},
		{`ls -a app | sed "s|^|app/|" | xargs cat`, "rule 7"},
		{"ls -a app | cut -c1- | xargs cat", "rule 7"}, // cut's selection makes new names
		{"cat $(dirname $0)/config", "rule 7"},         // config of .kube/config
		{`cat < "$(./list.sh)"`, "rule 7"},
		{"head -c 100 < $(./list.sh)", "rule 7"},
		{"cat $(grep -rl KEY .)", "rule 7"},
		{"cat $(grep -rl KEY app)", "rule 7"},
		{"head $(rg -l --hidden KEY)", "rule 7"},
		// A variable holding what the program prints.
		{`F=$(./list.sh); cat "$F"`, "rule 7"},
		{"F=`./list.sh`; cat $F", "rule 7"},
		{`read F < <(./list.sh); cat "$F"`, "rule 7"},
		{"for f in $(./list.sh); do cat $f; done", "rule 7"},
		{`./list.sh | while read f; do cat "$f"; done`, "rule 7"},
		{`./list.sh | sort | while read -r f; do head "$f"; done`, "rule 7"},
		{"F=$(echo app/.e${X}nv); cat $F", "rule 7"},
		// A search's names, and the lines of a file of names, in a
		// variable (each printed KEY=1 under bash).
		{`F=$(grep -rl KEY app); cat "$F"`, "rule 7"},
		{`grep -rl KEY app | while read f; do cat "$f"; done`, "rule 7"},
		{"for f in $(grep -rl KEY app); do cat $f; done", "rule 7"},
		{`cat names.txt | while read f; do cat "$f"; done`, "rule 7"},
		{`sort names.txt | while read f; do cat "$f"; done`, "rule 7"},
		{"F=$(head -1 names.txt); cat $F", "rule 7"},
		// Look-alikes.
		{"F=$(mktemp); go version > $F; cat $F", ""},
		{`find src -name '*.go' | while read f; do cat "$f"; done`, ""},
		{"for p in $(go list ./...); do cat $p/go.mod; done", ""},
		{`./list.sh | while read f; do echo "$f"; done`, ""},
		{`cat "$LOG_FILE"`, ""},
		{`cat ok.txt | while read f; do cat "$f"; done`, ""},
		{`ls src | grep go | while read f; do cat "src/$f"; done`, ""},
		{`wc -l < "$(./list.sh)"`, ""},      // counts, prints no text
		{`V=$(node -v); cat "$CONFIG"`, ""}, // CONFIG is not the script's
		{`V=$(node -v); cat "$OUT_DIR/app-$V"`, "rule 7"},
		{`printf -v F %s "$(./list.sh)"; cat "$F"`, "rule 7"},
		{`mapfile -t A < <(./list.sh); cat "${A[0]}"`, "rule 7"},
		{"./list.sh | xargs wc -l", ""},
		{"./list.sh | xargs ls -l", ""},
		{"cat $(mktemp)", ""},
		{"cat $(go env GOROOT)/VERSION", ""},
		{`cat "$(git rev-parse --show-toplevel)/README.md"`, ""},
		{`cat "$(dirname "$0")/README.md"`, ""},
		{"tail -n 5 $(ls -t *.md | head -1)", ""},
		{"du -a src | cut -f2 | xargs cat", ""},
		{"find src -name '*.go' | parallel wc -l", ""},
		{"find src -name '*.go' | parallel cat", ""},
		{"find . -name '*.go' | xargs cat", ""},
		{"ls -1 src | sed 's|^|src/|' | xargs wc -l", ""},
		{"ls -a src | xargs -I{} cat src/{}", ""},
		{"ls -t *.md | head -1 | xargs cat", ""},
		{"git ls-files '*.go' | xargs cat", ""},
		// A search's names through a substitution or a variable, judged
		// as the pipe's form is: the files under the folders it searches
		// whose text it matches (bash printed only src/main.go, or
		// app/config.js, for each; those above printed KEY=1).
		{"cat $(grep -rl package src)", ""},
		{`cat "$(grep -rl package src)"`, ""},
		{"for f in $(grep -rl package src); do head -3 $f; done", ""},
		{`F=$(grep -rl package src); cat "$F"`, ""},
		{`grep -rl package src | while read f; do cat "$f"; done`, ""},
		{"cat $(grep -rl x app)", ""}, // app/.env holds no x
		{"cat $(rg -l package src pkg)", ""},
		{"cat $(grep -rl KEY src app)", "rule 7"},
		{"cat $(grep -rl -e package -e KEY .)", "rule 7"},
		{"cat $(grep -rlf pats app)", "rule 7"},     // a pattern it cannot read, a credential file under app
		{"cd app && cat $(grep -rl x .)", "rule 7"}, // after a cd the folder is not read
		{"cat $(grep -rl package src | head -1)", "rule 7"},
		{"cat $(grep -rl $P src)", "rule 7"},
	})
}

// TestSearchNamesLinks: a link under an innocent name to a credential
// file is a name grep -R prints (it follows links; -r does not) when the
// file's text matches, through a pipe or a substitution alike: under
// bash, both attacks printed the key.
func TestSearchNamesLinks(t *testing.T) {
	root := project(t)
	home := t.TempDir()
	writeFile(t, home, ".ssh/id_rsa", "-----BEGIN PRIVATE KEY-----\n")
	writeFile(t, root, "lnk/notes.txt", "TODO\n")
	if err := os.Symlink(filepath.Join(home, ".ssh", "id_rsa"), filepath.Join(root, "lnk", "notes")); err != nil {
		t.Fatal(err)
	}
	judgeTable(t, root, []judgeCase{
		{"cat $(grep -Rl PRIVATE lnk)", "rule 7"},
		{"grep -Rl PRIVATE lnk | xargs cat", "rule 7"},
		{"cat $(grep -Rl TODO lnk)", ""},
		{"grep -Rl TODO lnk | xargs cat", ""},
	})
}
