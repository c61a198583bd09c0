package hookmain_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLinksNoParser fails when hookmain, which every hook binary links,
// pulls in a package outside the standard library and this module, or
// package shell: the shell parser's dependency compiles regular
// expressions at start-up, which a hook that never reads a command
// would pay on every tool call. A policy that reads commands imports
// shell (or writes) itself.
func TestLinksNoParser(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	out, err := exec.Command(gobin, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/agenthooks/hooks"
	var ours int
	for _, p := range strings.Fields(string(out)) {
		switch {
		case p == module+"/shell" || p == module+"/writes":
			t.Errorf("hookmain links %s: a hook that never reads a command must not pay for the parser", p)
		case p != module && !strings.HasPrefix(p, module+"/"):
			t.Errorf("hookmain links %s, which is neither the standard library nor %s", p, module)
		default:
			ours++
		}
	}
	if ours == 0 {
		t.Fatalf("go list -deps found none of %s's packages: %q", module, out)
	}
}
