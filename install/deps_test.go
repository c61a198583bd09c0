package install

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestNoNetworkPackages fails when package install links a network
// package: every hook binary links it, and net/http alone costs about
// 2.5 ms of start-up on each hook call. The gateway support only writes
// entries (internal/httphook), it sends nothing.
func TestNoNetworkPackages(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	out, err := exec.Command(gobin, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps gave %q", out)
	}
	for _, p := range deps {
		if p == "net" || strings.HasPrefix(p, "net/") || p == "crypto/tls" {
			t.Errorf("package install links %s", p)
		}
	}
}

// TestNoHostImports fails when package install imports a host's adapter
// package itself: it learns every host fact through builtin.Adapters and
// the optional interfaces of package hooks, so that adding a host never
// touches it.
func TestNoHostImports(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	out, err := exec.Command(gobin, "list", "-f", `{{join .Imports "\n"}}`, ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := strings.Fields(string(out))
	if !slices.Contains(imports, "github.com/agenthooks/hooks/builtin") {
		t.Fatalf("go list gave %q, without builtin", out)
	}
	for _, p := range imports {
		switch strings.TrimPrefix(p, "github.com/agenthooks/hooks/") {
		case "claude", "cursor", "gemini", "codex", "copilot", "qwen", "droid":
			t.Errorf("package install imports %s", p)
		}
	}
}
