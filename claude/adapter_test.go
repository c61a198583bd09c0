package claude

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/adaptertest"
	golden "github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
)

var _ hooks.Adapter = (*Adapter)(nil)

func TestGolden(t *testing.T) {
	golden.Golden(t, New(), "testdata")
}

func TestConformance(t *testing.T) {
	adaptertest.Conformance(t, New(), fixtureInputs(t))
}

// fixtureInputs returns the input.json of every golden fixture.
func fixtureInputs(t testing.TB) [][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := bytes.TrimSpace(txtar.Parse(data).Get("input.json"))
		if len(in) == 0 {
			t.Fatalf("%s has no input.json", f)
		}
		out = append(out, in)
	}
	return out
}

func TestTimeoutAndHost(t *testing.T) {
	a := New()
	if a.Host() != "claude" || Host != "claude" {
		t.Errorf("host = %q", a.Host())
	}
	if a.Timeout() != DefaultTimeout || DefaultTimeout.Seconds() != 60 {
		t.Errorf("timeout = %v", a.Timeout())
	}
}
