package install

import (
	"os/exec"
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
