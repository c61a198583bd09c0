package guard

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPWDAfterCd: $PWD after a cd in the same command is the cd's
// folder (issue 38). In a project whose d/x links to app/.env, each
// attack printed the secret under bash (cd d; cat $PWD/x, where the
// guard took $PWD for the folder the command started in); the look-alikes
// read other files, or $PWD where a program's own -C folder is not the
// shell's (env -C d cat $PWD/x reads ./x), or a PWD the script sets.
func TestPWDAfterCd(t *testing.T) {
	root, _ := hookedProject(t)
	writeFile(t, root, "d/README.md", "hi\n")
	if err := os.Symlink("../app/.env", filepath.Join(root, "d/x")); err != nil {
		t.Fatal(err)
	}
	judgeTable(t, root, []judgeCase{
		{`cd d; cat $PWD/x`, "guard: rule"},
		{`cd d && cat "$PWD/x"`, "guard: rule"},
		{`cd d && cat "${PWD}/x"`, "guard: rule"},
		{`cd d && head -5 < "$PWD/x"`, "guard: rule"},
		{`cd d; (cd ..; cat $PWD/d/x)`, "guard: rule"},
		{`cd d && bash -c 'cat "$PWD/x"'`, "guard: rule"},
		{`cd app && cat "$PWD/.env"`, "guard: rule"},
		// Look-alikes.
		{`cd d && cat $PWD/README.md`, ""},
		{`cd d; ls $PWD`, ""},
		{`cd d; (cd ..; cat $PWD/x)`, ""}, // ./x: none
		{`env -C d cat $PWD/x`, ""},       // the outer shell's $PWD: ./x
		{`cd docs && cat "$PWD/config"`, ""},
		{`cd d && go test "$PWD/..."`, ""},
	})
}
