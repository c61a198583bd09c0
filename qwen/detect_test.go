package qwen

import (
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestDetectOtherHosts: no real payload of another host may reach the
// threshold.
func TestDetectOtherHosts(t *testing.T) {
	hosttest.DetectOtherHosts(t, New(), 150)
}
