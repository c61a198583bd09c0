package gemini

import (
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

func TestGolden(t *testing.T) {
	hosttest.Golden(t, New(), "testdata")
}

func TestConformance(t *testing.T) {
	hosttest.Conformance(t, New(), "testdata")
}

// fixtureInputs returns the input.json of every testdata fixture, by
// fixture name.
func fixtureInputs(t testing.TB) map[string][]byte {
	t.Helper()
	return hosttest.FixtureInputs(t, "testdata")
}
