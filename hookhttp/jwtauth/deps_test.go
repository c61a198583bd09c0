package jwtauth

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHookBinariesLinkNoJWT fails when a hook binary, or a package a hook
// binary is built from, links this package or its JWT library: only a
// gateway checks identity providers' tokens.
func TestHookBinariesLinkNoJWT(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	const module = "github.com/agenthooks/hooks"
	banned := []string{module + "/hookhttp/jwtauth", "github.com/go-jose/go-jose/v4"}
	deps := func(pkg string) []string {
		out, err := exec.Command(gobin, "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		d := strings.Fields(string(out))
		if len(d) < 10 {
			t.Fatalf("go list -deps %s lists %d packages: is the check looking at the right package?", pkg, len(d))
		}
		return d
	}
	for _, pkg := range []string{"../../hookmain", "../../hookhttp", "../../hookhttp/bridgemain", "../../examples/guard", "../../examples/bridge"} {
		for _, d := range deps(pkg) {
			for _, b := range banned {
				if d == b || strings.HasPrefix(d, b+"/") {
					t.Errorf("%s links %s", pkg, d)
				}
			}
		}
	}
	// The check can fail: the gateway links both.
	gw := strings.Join(deps("../../examples/gateway"), "\n") + "\n"
	for _, b := range banned {
		if !strings.Contains(gw, b+"\n") {
			t.Errorf("examples/gateway does not link %s: is the check above still looking at the right names?", b)
		}
	}
}
