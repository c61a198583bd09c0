package e2e

import (
	"testing"
	"time"

	"github.com/agenthooks/hooks/e2e/harness"
)

// TestClientTimeout: a run of a client slow to start gets the client's
// own limit, in the gateway runs too (issue 41: they had a fixed two
// minutes, which OpenCode outlived on a loaded machine).
func TestClientTimeout(t *testing.T) {
	for _, tc := range []struct {
		host *harness.Host
		want time.Duration
	}{
		{harness.Claude(), runTimeout},
		{harness.Cline(), clineTimeout},
		{harness.OpenCode(), harness.OpenCode().RunTimeout},
		{harness.Kilo(), harness.Kilo().RunTimeout},
	} {
		if got := clientTimeout(tc.host); got != tc.want || got < runTimeout {
			t.Errorf("%s: %s, want %s", tc.host.ID, got, tc.want)
		}
	}
	if harness.OpenCode().RunTimeout <= runTimeout {
		t.Errorf("OpenCode's limit %s is not longer than the suite's", harness.OpenCode().RunTimeout)
	}
}
