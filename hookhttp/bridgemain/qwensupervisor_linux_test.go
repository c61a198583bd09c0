package bridgemain_test

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

// qwenMessageDisplay is a MessageDisplay payload of Qwen Code 0.24.4, from
// testdata/captures/qwen/MessageDisplay.json at the module root (captured
// by the e2e suite).
const qwenMessageDisplay = `{"session_id":"47f0a03c-1b15-426f-8437-d9f824197931","transcript_path":"/home/dev/.qwen/projects/-home-dev-baseline-project/chats/47f0a03c-1b15-426f-8437-d9f824197931.jsonl","cwd":"/home/dev/project","hook_event_name":"MessageDisplay","timestamp":"2026-12-01T05:53:03.682Z","permission_mode":"yolo","prompt_id":"47f0a03c-1b15-426f-8437-d9f824197931########0","message_id":"3549aeba-7f7f-4e05-8f42-1b6a389bf23a","displayed_text":"All done.","is_final":true}`

const qwenRm = `{"session_id":"47f0a03c-1b15-426f-8437-d9f824197931","transcript_path":"/home/dev/.qwen/projects/p/chats/s.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","timestamp":"2026-12-01T05:53:03.682Z","permission_mode":"yolo","tool_name":"run_shell_command","tool_input":{"command":"rm -rf build"},"tool_use_id":"call_1"}`

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
		{"MessageDisplay", []string{"--host", "qwen", "--gateway", gw.URL}, qwenMessageDisplay, 0},
		{"MessageDisplay, detected", []string{"--gateway", gw.URL}, qwenMessageDisplay, 0},
		{"MessageDisplay, gateway down", []string{"--host", "qwen", "--gateway", downURL}, qwenMessageDisplay, 0},
		{"PreToolUse deny", []string{"--host", "qwen", "--gateway", gw.URL}, qwenRm, 2},
		{"PreToolUse, gateway down, fail-closed", []string{"--host", "qwen", "--fail-closed", "--gateway", downURL}, qwenRm, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			input := filepath.Join(dir, "qwen-hook-input.json")
			if err := os.WriteFile(input, []byte(tc.payload), 0o600); err != nil {
				t.Fatal(err)
			}
			stdin, err := os.Open(input)
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer null.Close()
			cmd := bridgeCmd(false, tc.args...)
			cmd.Dir = dir
			cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, null, null
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(input); err != nil {
				t.Fatal(err)
			}
			if code := waitFor(t, cmd); code != tc.wantCode {
				t.Errorf("exit %d; want %d", code, tc.wantCode)
			}
		})
	}
}
