package guard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
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
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{`cd d; cat $PWD/x`, true},
		{`cd d && cat "$PWD/x"`, true},
		{`cd d && cat "${PWD}/x"`, true},
		{`cd d && head -5 < "$PWD/x"`, true},
		{`cd d; (cd ..; cat $PWD/d/x)`, true},
		{`cd d && bash -c 'cat "$PWD/x"'`, true},
		{`cd app && cat "$PWD/.env"`, true},
		// Look-alikes.
		{`cd d && cat $PWD/README.md`, false},
		{`cd d; ls $PWD`, false},
		{`cd d; (cd ..; cat $PWD/x)`, false}, // ./x: none
		{`env -C d cat $PWD/x`, false},       // the outer shell's $PWD: ./x
		{`cd docs && cat "$PWD/config"`, false},
		{`cd d && go test "$PWD/..."`, false},
	} {
		r := judge(root, "", tc.cmd)
		if got := r.Decision == hooks.DecisionDeny; got != tc.deny {
			t.Errorf("%s: denied %v, want %v (%s)", tc.cmd, got, tc.deny, r.Reason)
		}
	}
}
