package hookmain_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLinksNoParser fails when hookmain, which every hook binary links,
// pulls in a package outside the standard library, this module and the
// shell parser (mvdan.cc/sh/v3's syntax and fileutil). hookmain links
// package shell since issue 35: every hook protects its own footing
// (package footing) on every shell command, which needs the parser; its
// start-up cost is measured in BENCHMARKS.md ("The footing's
// protection"). Nothing else may come in unmeasured.
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
	var ours, footing int
	for _, p := range strings.Fields(string(out)) {
		switch {
		case p == "mvdan.cc/sh/v3/syntax" || p == "mvdan.cc/sh/v3/fileutil":
		case p == module+"/footing":
			footing++
		case p != module && !strings.HasPrefix(p, module+"/"):
			t.Errorf("hookmain links %s, which is neither the standard library, %s nor the shell parser", p, module)
		default:
			ours++
		}
	}
	if ours == 0 || footing == 0 {
		t.Fatalf("go list -deps found none of %s's packages, or not package footing: %q", module, out)
	}
}
