package secrets

import (
	"os/exec"
	"strings"
	"testing"
)

// TestStandardLibraryOnly fails when package secrets imports anything but
// the standard library: hook binaries link it.
func TestStandardLibraryOnly(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	out, err := exec.Command(gobin, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) != 1 || deps[0] != "github.com/agenthooks/hooks/secrets" {
		t.Errorf("package secrets links %v, want only itself and the standard library", deps)
	}
	out, err = exec.Command(gobin, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	if strings.Contains(string(out), "regexp\n") {
		t.Error("package secrets links regexp")
	}
}
