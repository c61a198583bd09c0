package hookhttp

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGatewayLinksNoInstaller fails when package hookhttp (the gateway
// server, Handler and NewServer, and the bridge) links the installer or
// hookmain: a gateway server has no install, uninstall or doctor. The
// bridge binary's main, with those subcommands, is package bridgemain.
func TestGatewayLinksNoInstaller(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	deps := func(pkg string) map[string]bool {
		out, err := exec.Command(gobin, "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		m := map[string]bool{}
		for _, p := range strings.Fields(string(out)) {
			m[p] = true
		}
		return m
	}
	const module = "github.com/agenthooks/hooks"
	gw := deps(".")
	if !gw["net/http"] || !gw[module] {
		t.Fatalf("go list -deps . does not list net/http and %s: %v", module, gw)
	}
	for _, p := range []string{module + "/install", module + "/hookmain"} {
		if gw[p] {
			t.Errorf("package hookhttp links %s", p)
		}
	}
	// The adapters import internal/jsonc, the installer's JSONC parser,
	// for the settings checks a doctor calls (hostfacts.SettingsChecker); a
	// gateway never calls them, so the linker must leave the parser out
	// of its binary.
	bin := filepath.Join(t.TempDir(), "gateway")
	if out, err := exec.Command(gobin, "build", "-o", bin, "../examples/gateway").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(gobin, "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	syms := string(out)
	if !strings.Contains(syms, module+"/hookhttp.") {
		t.Fatalf("go tool nm lists no symbol of %s/hookhttp: is the check looking at the right names?", module)
	}
	for _, p := range []string{module + "/internal/jsonc.", module + "/install.", module + "/internal/verdict."} {
		if strings.Contains(syms, p) {
			t.Errorf("the gateway binary holds code of %s", strings.TrimSuffix(p, "."))
		}
	}
	// The check can fail: the bridge's main does link the installer.
	if !deps("./bridgemain")[module+"/install"] {
		t.Errorf("package bridgemain does not link %s/install: is the check above still looking at the right names?", module)
	}
}
