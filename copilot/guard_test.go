package copilot

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestGuardSeesTricks: the tricks of issue 12 (a case variant of the
// command key, a duplicate key, wrong-typed side fields) reach a guard's
// handler with the command the host runs, and the guard's deny is what
// the host receives, under the default fail-open policy.
func TestGuardSeesTricks(t *testing.T) {
	hosttest.GuardSeesTricks(t, New(), func(args string) string {
		return `{"sessionId":"s1","timestamp":1796105543194,"cwd":"/p","toolName":"bash","toolArgs":` + args + `}`
	}, `"summary":5`, func(stdout string) bool { return strings.Contains(stdout, `permissionDecision":"deny"`) })
}
