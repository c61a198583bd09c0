package builtin_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestHostsStandAlone fails when a host package imports another host
// package (issue 40: cline imported codex for the patch grammar, which
// now lives in internal/applypatch): grammar two hosts share lives in
// internal/, so that each host's folder is all there is to read of it,
// and adding or removing a host touches no other.
func TestHostsStandAlone(t *testing.T) {
	var pkgs []string
	for _, a := range builtin.Adapters() {
		pkgs = append(pkgs, "github.com/agenthooks/hooks/"+string(a.Host()))
	}
	out, err := exec.Command("go", append([]string{"list", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}"}, pkgs...)...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ":")
		for _, imp := range strings.Fields(imports) {
			for _, other := range pkgs {
				if imp == other && imp != pkg {
					t.Errorf("%s imports %s: put what they share in internal/", pkg, imp)
				}
			}
		}
	}
}

// TestTestHostLists holds the test kits' own host lists to this
// package's, the one list of hosts (issue 40): internal/testonly/hosttest's
// capture folders, which the host packages' tests read (they cannot
// import this package: it imports them).
func TestTestHostLists(t *testing.T) {
	var want []string
	for _, a := range builtin.Adapters() {
		want = append(want, string(a.Host()))
	}
	if got := hosttest.Hosts; !slices.Equal(got, want) {
		t.Errorf("hosttest.Hosts = %q, want builtin's %q", got, want)
	}
}
