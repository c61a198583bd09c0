package judge

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHookBinariesLinkNoJudge fails when a hook binary, or a package a
// hook binary is built from, links the judge, its Redis cache or the
// Redis client: only a gateway does.
func TestHookBinariesLinkNoJudge(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	const module = "github.com/agenthooks/hooks"
	banned := []string{module + "/hookhttp/judge", module + "/hookhttp/judge/rediscache", "github.com/redis/go-redis/v9"}
	for _, pkg := range []string{"../../hookmain", "../../hookhttp", "../../hookhttp/bridgemain", "../../examples/guard", "../../examples/bridge"} {
		out, err := exec.Command(gobin, "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 10 {
			t.Fatalf("go list -deps %s lists %d packages: is the check looking at the right package?", pkg, len(deps))
		}
		for _, d := range deps {
			for _, b := range banned {
				if d == b {
					t.Errorf("%s links %s", pkg, b)
				}
			}
		}
	}
	// The check can fail: the Redis cache links the judge and the client.
	out, err := exec.Command(gobin, "list", "-deps", "./rediscache").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range banned[:1] {
		if !strings.Contains(string(out), b+"\n") || !strings.Contains(string(out), "github.com/redis/go-redis/v9\n") {
			t.Error("the Redis cache does not list the judge and the client: is the check above still looking at the right names?")
		}
	}
}
