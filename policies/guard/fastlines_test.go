package guard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestFastLinesJudged: a subshell or a for loop the shell package's fast
// reader reads (not the syntax parser) is judged as before. Each attack
// was run under bash in a sandbox project: (cd sub && rm -rf ../keep)
// deletes keep, for f in .env; do cat "$f"; done prints the credentials,
// for d in x/*; do rm -rf "$d"; done empties x; each is denied, at the
// top of a script, after everyday lines and inside the everyday script.
// Their everyday look-alikes pass.
func TestFastLinesJudged(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"sub", "keep", "x/y", "node_modules"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".env"), []byte("SECRET=1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	attacks := []string{
		`(cd sub && rm -rf ../keep)`,
		`(rm -rf ~)`,
		`(cd / && rm -rf home)`,
		`for f in .env; do cat "$f"; done`,
		`for f in a .env; do cp "$f" /tmp/out; done`,
		`for d in x/*; do rm -rf "$d"; done`,
		`for d in / /usr; do rm -rf "$d"; done`,
		`for d in sub keep; do rm -rf "$d"; done`,
		`for f in *.md; do git checkout -- "$f"; done`,
		`for f in 'rm -rf ~'; do echo "$f" | sh; done`,
		`(git reset --hard)`,
	}
	for _, a := range attacks {
		for _, src := range []string{a, "ls\n" + a + "\nls", everydayAllowed(9) + a + "\n" + everydayAllowed(9)} {
			if r := judge(root, root, src); r.Decision != hooks.DecisionDeny {
				t.Errorf("%q: %v %s, want deny", src, r.Decision, r.Reason)
			}
		}
	}
	everyday := []string{
		`(cd sub && ls -la)`,
		`(cd node_modules && rm -rf .cache)`,
		`for f in *.md; do wc -l "$f"; done`,
		`for d in sub keep; do ls "$d"; done`,
		`for f in a b; do echo "$f"; done`,
		`(rm -rf node_modules)`,
	}
	for _, e := range everyday {
		for _, src := range []string{e, "ls\n" + e + "\nls", everydayAllowed(9) + e + "\n"} {
			if r := judge(root, root, src); r.Decision == hooks.DecisionDeny {
				t.Errorf("%q: denied (%s), want it through", src, r.Reason)
			}
		}
	}
}
