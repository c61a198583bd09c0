package guard

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
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
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{"./list.sh | xargs cat", true},
		{"./list.sh | parallel cat", true},
		{"xargs cat < <(./list.sh)", true},
		{"xargs -a <(./list.sh) head", true},
		{`python3 -c 'print("app/." + "env")' | xargs cat`, true},
		{`cat $(python3 -c 'print("app/." + "env")')`, true},
		{`cat "$(./list.sh)"`, true},
		{"cat `./list.sh`", true},
		{"echo app/.en | sed s/n$/nv/ | xargs cat", true},
		{"echo YXBwLy5lbnY= | base64 -d | xargs cat", true},
		{"rev <<< vne./ppa | xargs cat", true},
		{"echo $(./list.sh) | xargs cat", true},
		{`jq -rn '"app/.env"' | xargs cat`, true},
		{`awk 'BEGIN{print "app/.e" "nv"}' | xargs cat`, true},
		{`ls -a app | sed "s|^|app/|" | xargs cat`, true},
		{"ls -a app | cut -c1- | xargs cat", true}, // cut's selection makes new names
		{"cat $(dirname $0)/config", true},         // config of .kube/config
		{`cat < "$(./list.sh)"`, true},
		{"head -c 100 < $(./list.sh)", true},
		{"cat $(grep -rl KEY .)", true},
		{"cat $(grep -rl KEY app)", true},
		{"head $(rg -l --hidden KEY)", true},
		// A variable holding what the program prints.
		{`F=$(./list.sh); cat "$F"`, true},
		{"F=`./list.sh`; cat $F", true},
		{`read F < <(./list.sh); cat "$F"`, true},
		{"for f in $(./list.sh); do cat $f; done", true},
		{`./list.sh | while read f; do cat "$f"; done`, true},
		{`./list.sh | sort | while read -r f; do head "$f"; done`, true},
		{"F=$(echo app/.e${X}nv); cat $F", true},
		// A search's names, and the lines of a file of names, in a
		// variable (each printed KEY=1 under bash).
		{`F=$(grep -rl KEY app); cat "$F"`, true},
		{`grep -rl KEY app | while read f; do cat "$f"; done`, true},
		{"for f in $(grep -rl KEY app); do cat $f; done", true},
		{`cat names.txt | while read f; do cat "$f"; done`, true},
		{`sort names.txt | while read f; do cat "$f"; done`, true},
		{"F=$(head -1 names.txt); cat $F", true},
		// Look-alikes.
		{"F=$(mktemp); go version > $F; cat $F", false},
		{`find src -name '*.go' | while read f; do cat "$f"; done`, false},
		{"for p in $(go list ./...); do cat $p/go.mod; done", false},
		{`./list.sh | while read f; do echo "$f"; done`, false},
		{`cat "$LOG_FILE"`, false},
		{`cat ok.txt | while read f; do cat "$f"; done`, false},
		{`ls src | grep go | while read f; do cat "src/$f"; done`, false},
		{`wc -l < "$(./list.sh)"`, false},      // counts, prints no text
		{`V=$(node -v); cat "$CONFIG"`, false}, // CONFIG is not the script's
		{`V=$(node -v); cat "$OUT_DIR/app-$V"`, true},
		{`printf -v F %s "$(./list.sh)"; cat "$F"`, true},
		{`mapfile -t A < <(./list.sh); cat "${A[0]}"`, true},
		{"./list.sh | xargs wc -l", false},
		{"./list.sh | xargs ls -l", false},
		{"cat $(mktemp)", false},
		{"cat $(go env GOROOT)/VERSION", false},
		{`cat "$(git rev-parse --show-toplevel)/README.md"`, false},
		{`cat "$(dirname "$0")/README.md"`, false},
		{"tail -n 5 $(ls -t *.md | head -1)", false},
		{"du -a src | cut -f2 | xargs cat", false},
		{"find src -name '*.go' | parallel wc -l", false},
		{"find src -name '*.go' | parallel cat", false},
		{"find . -name '*.go' | xargs cat", false},
		{"ls -1 src | sed 's|^|src/|' | xargs wc -l", false},
		{"ls -a src | xargs -I{} cat src/{}", false},
		{"ls -t *.md | head -1 | xargs cat", false},
		{"git ls-files '*.go' | xargs cat", false},
		// A search's names through a substitution or a variable, judged
		// as the pipe's form is: the files under the folders it searches
		// whose text it matches (bash printed only src/main.go, or
		// app/config.js, for each; those above printed KEY=1).
		{"cat $(grep -rl package src)", false},
		{`cat "$(grep -rl package src)"`, false},
		{"for f in $(grep -rl package src); do head -3 $f; done", false},
		{`F=$(grep -rl package src); cat "$F"`, false},
		{`grep -rl package src | while read f; do cat "$f"; done`, false},
		{"cat $(grep -rl x app)", false}, // app/.env holds no x
		{"cat $(rg -l package src pkg)", false},
		{"cat $(grep -rl KEY src app)", true},
		{"cat $(grep -rl -e package -e KEY .)", true},
		{"cat $(grep -rlf pats app)", true},     // a pattern it cannot read, a credential file under app
		{"cd app && cat $(grep -rl x .)", true}, // after a cd the folder is not read
		{"cat $(grep -rl package src | head -1)", true},
		{"cat $(grep -rl $P src)", true},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: tc.cmd}}).Reason
		if got := strings.Contains(r, "rule 7"); got != tc.deny || !tc.deny && r != "" {
			t.Errorf("%s: %q, want deny %v", tc.cmd, r, tc.deny)
		}
	}
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
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{"cat $(grep -Rl PRIVATE lnk)", true},
		{"grep -Rl PRIVATE lnk | xargs cat", true},
		{"cat $(grep -Rl TODO lnk)", false},
		{"grep -Rl TODO lnk | xargs cat", false},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: tc.cmd}}).Reason
		if got := strings.Contains(r, "rule 7"); got != tc.deny || !tc.deny && r != "" {
			t.Errorf("%s: %q, want deny %v", tc.cmd, r, tc.deny)
		}
	}
}
