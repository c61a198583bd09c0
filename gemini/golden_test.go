package gemini

import (
	"testing"

	"github.com/agenthooks/hooks/internal/adaptertest"
)

func TestGolden(t *testing.T) {
	adaptertest.Golden(t, New(), "testdata")
}

func TestConformance(t *testing.T) {
	adaptertest.Conformance(t, New(), "testdata")
}

// fixtureInputs returns the input.json of every testdata fixture, by
// fixture name.
func fixtureInputs(t testing.TB) map[string][]byte {
	t.Helper()
	return adaptertest.FixtureInputs(t, "testdata")
}
