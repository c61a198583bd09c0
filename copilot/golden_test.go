package copilot

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
