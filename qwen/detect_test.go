package qwen

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/adaptertest"
)

// TestDetectOtherHosts: no real payload of another host may reach the
// threshold.
func TestDetectOtherHosts(t *testing.T) {
	a := New()
	n := 0
	for _, host := range adaptertest.Hosts {
		if host == string(Host) {
			continue
		}
		for name, p := range adaptertest.Payloads(t, host) {
			var f map[string]json.RawMessage
			if err := json.Unmarshal(p, &f); err != nil {
				t.Fatalf("%s/%s: %v", host, name, err)
			}
			n++
			if s := a.Detect(f); s >= hooks.DetectThreshold {
				t.Errorf("%s/%s: Detect = %.2f, want < %.2f", host, name, s, hooks.DetectThreshold)
			}
		}
	}
	if n < 150 {
		t.Errorf("only %d payloads of other hosts", n)
	}
}
