package bridgemain_test

import (
	"net/http/httptest"
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/internal/testonly/proctest"
)

// The bridge run as Qwen Code 0.24.4 runs the hooks of MessageDisplay
// (see hookmain's TestProcessQwenSupervisor for the supervisor's stdio:
// the payload in a file unlinked once the hook started, stdout and stderr
// the null device opened read-write, a session of its own). On that
// event, which Qwen acts on no answer to, the bridge exits 0 whether the
// gateway answered or its fail policy did (measured before: exit 1, which
// Qwen logs as "Hook guard ended for event MessageDisplay: failed"); a
// deny on PreToolUse under the same stdio still exits 2.
func TestProcessBridgeQwenSupervisor(t *testing.T) {
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: rmGuard, Logger: quiet()})
	defer gw.Close()
	down := httptest.NewServer(nil)
	downURL := down.URL
	down.Close()
	for _, tc := range []struct {
		name     string
		args     []string
		payload  string
		wantCode int
	}{
		{"MessageDisplay", []string{"--host", "qwen", "--gateway", gw.URL}, proctest.QwenMessageDisplay, 0},
		{"MessageDisplay, detected", []string{"--gateway", gw.URL}, proctest.QwenMessageDisplay, 0},
		{"MessageDisplay, gateway down", []string{"--host", "qwen", "--gateway", downURL}, proctest.QwenMessageDisplay, 0},
		{"PreToolUse deny", []string{"--host", "qwen", "--gateway", gw.URL}, proctest.QwenRm, 2},
		{"PreToolUse, gateway down, fail-closed", []string{"--host", "qwen", "--fail-closed", "--gateway", downURL}, proctest.QwenRm, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if code := proctest.RunAsQwenSupervisor(t, bridgeCmd(false, tc.args...), t.TempDir(), tc.payload); code != tc.wantCode {
				t.Errorf("exit %d; want %d", code, tc.wantCode)
			}
		})
	}
}
