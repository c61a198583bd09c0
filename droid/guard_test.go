package droid

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
		return `{"session_id":"s1","cwd":"/p","permission_mode":"auto-low","hook_event_name":"PreToolUse","tool_name":"Execute","tool_input":` + args + `}`
	}, `"summary":5`, func(out string) bool {
		return strings.Contains(out, `permissionDecision":"deny"`)
	})
}

// TestMatrixParses: Parse takes an event's kind from the capability
// matrix (claudewire.Event).
func TestMatrixParses(t *testing.T) { hosttest.MatrixParses(t, New(), ToolExecute) }
