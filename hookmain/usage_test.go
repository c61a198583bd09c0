package hookmain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// issue 28: install with a flag's value forgotten is exit 2 naming the
// flag; it used to take the --events=… hookmain added as the value and
// create a folder of that name.
func TestInstallFlagWithoutValue(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, f := range []string{"--dir", "--hosts", "--scope", "--timeout", "--matcher", "--layout", "--events"} {
		_, e, code := runMain(allowAll, "", "install", f)
		if code != 2 || !strings.Contains(e, f+" needs a value") {
			t.Errorf("install %s: exit %d, stderr %q; want 2 naming %s", f, code, e, f)
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		t.Errorf("install wrote %s", e.Name())
	}
}

// issue 28: a person's typo is answered with usage and exit 2, with a
// hint, not with a host's fail-closed answer.
func TestMistypedSubcommand(t *testing.T) {
	for _, tc := range []struct{ arg, want string }{{"instal", "install"}, {"docter", "doctor"}, {"uninstal", "uninstall"}} {
		o, e, code := runMain(allowAll, claudePre, tc.arg)
		if code != 2 || o != "" || !strings.Contains(e, `unknown command "`+tc.arg+`": did you mean `+tc.want+"?") || !strings.Contains(e, "usage:") {
			t.Errorf("%s: exit %d stdout %q stderr %q", tc.arg, code, o, e)
		}
	}
	o, _, code := runMain(allowAll, "", "install", "--host", "claude")
	if code != 2 || o != "" {
		t.Errorf("install --host: exit %d stdout %q", code, o)
	}
}

// issue 28: with stdin a terminal (here the null device, which counts as
// one), bad arguments get the error and usage on stderr and exit 2; a
// host's pipe gets the fail-closed answer (TestBadArgumentsFailClosed).
func TestPersonAtTerminal(t *testing.T) {
	tty, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	for _, args := range [][]string{nil, {"--hots", "claude"}, {"--host"}} {
		var o, e strings.Builder
		code := Main(t.Context(), allowAll, args, tty, &o, &e)
		if code != 2 || o.Len() != 0 || !strings.Contains(e.String(), "usage: "+filepath.Base(os.Args[0])) {
			t.Errorf("%q: exit %d stdout %q stderr %q", args, code, o.String(), e.String())
		}
		if len(args) > 0 && !strings.Contains(e.String(), "bad hook arguments") {
			t.Errorf("%q: the error is not named: %q", args, e.String())
		}
	}
	var o, e strings.Builder
	Main(t.Context(), allowAll, []string{"--hots", "claude"}, tty, &o, &e)
	if !strings.Contains(e.String(), "did you mean --host?") {
		t.Errorf("no hint: %q", e.String())
	}
}
