package install

import (
	"os/exec"
	"path/filepath"
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

// TestNoHostImports fails when package install, or one of its internal
// packages, imports a host's adapter package itself: it learns every host
// fact through builtin.Adapters and the optional interfaces of package
// hooks, so that adding a host never touches it.
func TestNoHostImports(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	out, err := exec.Command(gobin, "list", "-f", `{{.ImportPath}}:{{join .Imports " "}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 2 || !strings.Contains(lines[0], "github.com/agenthooks/hooks/builtin") {
		t.Fatalf("go list gave %q: the first line (install) without builtin, or no internal package", out)
	}
	for _, l := range lines {
		pkg, imports, _ := strings.Cut(l, ":")
		for _, p := range strings.Fields(imports) {
			switch strings.TrimPrefix(p, "github.com/agenthooks/hooks/") {
			case "claude", "cursor", "gemini", "codex", "copilot", "qwen", "droid", "kimi", "cline", "opencode", "pi":
				t.Errorf("package %s imports %s", pkg, p)
			}
		}
	}
}

// TestRooms fails when install's top level grows back past 20 files of
// code: a config format or a helper with a job of its own goes in a
// package under install/internal (see the README's "Where the code
// lives").
func TestRooms(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var code []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			code = append(code, f)
		}
	}
	if len(code) < 10 || len(code) > 20 {
		t.Errorf("install has %d files of code at its top level, want at most 20 (and the check to see them): %v", len(code), code)
	}
}
