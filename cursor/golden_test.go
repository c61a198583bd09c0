package cursor

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks/adaptertest"
	golden "github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
)

func TestGolden(t *testing.T) {
	golden.Golden(t, New(), "testdata")
}

func TestConformance(t *testing.T) {
	var payloads [][]byte
	for _, p := range fixtureInputs(t) {
		if _, err := New().Parse(p); err == nil {
			payloads = append(payloads, p)
		}
	}
	adaptertest.Conformance(t, New(), payloads)
}

// fixtureInputs returns the input.json of every fixture.
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
			t.Fatalf("%s: no input.json", f)
		}
		out = append(out, in)
	}
	return out
}
