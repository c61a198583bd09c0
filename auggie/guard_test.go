package auggie

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestGuardSeesTricks: the tricks of issue 12 (a case variant of the
// command key, a duplicate key, wrong-typed side fields) reach a guard's
// handler with the command Auggie runs, and the guard's deny is what
// Auggie receives, under the default fail-open policy.
func TestGuardSeesTricks(t *testing.T) {
	hosttest.GuardSeesTricks(t, New(), func(args string) string {
		return `{"hook_event_name":"PreToolUse","conversation_id":"c1","workspace_roots":["/p"],"tool_name":"launch-process","tool_input":` + args + `,"tool_output":"[undefined]","tool_error":null,"is_mcp_tool":false}`
	}, `"wait":"yes","max_wait_seconds":"x"`, func(out string) bool {
		return strings.Contains(out, `permissionDecision":"deny"`)
	})
}

// TestMatrixParses: every row of the capability matrix parses as the
// unified event it names.
func TestMatrixParses(t *testing.T) { hosttest.MatrixParses(t, New(), ToolLaunchProcess) }
