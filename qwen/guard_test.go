package qwen

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
		return `{"session_id":"s1","cwd":"/p","hook_event_name":"PreToolUse","timestamp":"2026-12-01T05:53:00.204Z","permission_mode":"yolo","tool_name":"run_shell_command","tool_use_id":"t1","tool_input":` + args + `}`
	}, `"summary":5`, func(out string) bool {
		return strings.Contains(out, `permissionDecision":"deny"`)
	})
}

// TestMatrixParses: Parse takes an event's kind from the capability
// matrix (claudewire.Event).
func TestMatrixParses(t *testing.T) { hosttest.MatrixParses(t, New(), ToolShell) }
