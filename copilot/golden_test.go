package copilot

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/adaptertest"
	golden "github.com/agenthooks/hooks/internal/adaptertest"
	"github.com/agenthooks/hooks/internal/txtar"
)

func TestGolden(t *testing.T) {
	golden.Golden(t, New(), "testdata")
}

func TestConformance(t *testing.T) {
	var payloads [][]byte
	for name, in := range fixtureInputs(t) {
		if !strings.HasPrefix(name, "bad_") {
			payloads = append(payloads, in)
		}
	}
	adaptertest.Conformance(t, New(), payloads)
}

// fixtureInputs returns the input.json of every testdata fixture, by name.
func fixtureInputs(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	inputs := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := bytes.TrimSpace(txtar.Parse(data).Get("input.json"))
		if len(in) == 0 {
			t.Fatalf("%s has no input.json", f)
		}
		inputs[strings.TrimSuffix(filepath.Base(f), ".txtar")] = in
	}
	return inputs
}
