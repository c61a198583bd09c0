package qwen

import (
	"testing"

	"github.com/agenthooks/hooks/internal/adaptertest"
)

// TestDetectOtherHosts: no real payload of another host may reach the
// threshold.
func TestDetectOtherHosts(t *testing.T) {
	adaptertest.DetectOtherHosts(t, New(), 150)
}
