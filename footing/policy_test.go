package footing_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks/footing"
	"github.com/agenthooks/hooks/policy"
)

// TestPolicyFiles: the three policy files package policy reads are in
// the footing, where policy says they are.
func TestPolicyFiles(t *testing.T) {
	f := newFixture(t)
	sub := filepath.Join(f.proj, "src")
	os.MkdirAll(sub, 0o755)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", f.home)
	s := f.set(sub)
	for _, p := range policy.Paths(sub) {
		if p == "" {
			t.Fatal("policy.Paths has an empty layer")
		}
		if e, ok := s.Touches(p, false); !ok || e.Kind != footing.Policy {
			t.Errorf("%s: not a policy file of the footing (%v %v)", p, e, ok)
		}
	}
}
