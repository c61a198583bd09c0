package hookmain

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/proctest"
)

// Qwen Code 0.24.4 runs the hooks of MessageDisplay (and StopFailure,
// SessionDelete) through a supervisor that outlives it (its bundle,
// hookRunner: SURVIVING_HOOK_SUPERVISOR_SOURCE): the payload in a file of
// mode 0600 given as stdin and unlinked once the hook started, stdout and
// stderr Node's "ignore" (the null device opened read-write, which the Go
// runtime also puts in place of a closed stdout), a session of its own;
// the hook's exit code is all it reads, and anything but 0 is logged as
// "Hook guard ended for event MessageDisplay: failed". On such an event,
// which Qwen acts on no answer to, the hook exits 0 whatever its fail
// policy; a deny on PreToolUse under the same stdio still exits 2, the
// block every host reads.
func TestProcessQwenSupervisor(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		payload  string
		wantCode int
	}{
		{"MessageDisplay", []string{"--host", "qwen"}, proctest.QwenMessageDisplay, 0},
		{"MessageDisplay, detected", nil, proctest.QwenMessageDisplay, 0},
		{"MessageDisplay, fail-closed", []string{"--host", "qwen", "--fail-closed"}, proctest.QwenMessageDisplay, 0},
		{"PreToolUse deny", []string{"--host", "qwen"}, proctest.QwenRm, 2},
		{"PreToolUse deny, detected", nil, proctest.QwenRm, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			payload := strings.Replace(tc.payload, `"cwd":"/home/dev/project"`, `"cwd":"`+dir+`"`, 1)
			if code := proctest.RunAsQwenSupervisor(t, hook(tc.args...), dir, payload); code != tc.wantCode {
				t.Errorf("exit %d; want %d", code, tc.wantCode)
			}
		})
	}
}
