package droid

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
