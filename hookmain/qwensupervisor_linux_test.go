package hookmain

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// qwenMessageDisplay is a MessageDisplay payload of Qwen Code 0.24.4, from
// testdata/captures/qwen/MessageDisplay.json at the module root (captured
// by the e2e suite).
const qwenMessageDisplay = `{"session_id":"47f0a03c-1b15-426f-8437-d9f824197931","transcript_path":"/home/dev/.qwen/projects/-home-dev-baseline-project/chats/47f0a03c-1b15-426f-8437-d9f824197931.jsonl","cwd":"/home/dev/project","hook_event_name":"MessageDisplay","timestamp":"2026-12-01T05:53:03.682Z","permission_mode":"yolo","prompt_id":"47f0a03c-1b15-426f-8437-d9f824197931########0","message_id":"3549aeba-7f7f-4e05-8f42-1b6a389bf23a","displayed_text":"All done.","is_final":true}`

const qwenRm = `{"session_id":"47f0a03c-1b15-426f-8437-d9f824197931","transcript_path":"/home/dev/.qwen/projects/p/chats/s.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","timestamp":"2026-12-01T05:53:03.682Z","permission_mode":"yolo","tool_name":"run_shell_command","tool_input":{"command":"rm -rf build"},"tool_use_id":"call_1"}`

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
		{"MessageDisplay", []string{"--host", "qwen"}, qwenMessageDisplay, 0},
		{"MessageDisplay, detected", nil, qwenMessageDisplay, 0},
		{"MessageDisplay, fail-closed", []string{"--host", "qwen", "--fail-closed"}, qwenMessageDisplay, 0},
		{"PreToolUse deny", []string{"--host", "qwen"}, qwenRm, 2},
		{"PreToolUse deny, detected", nil, qwenRm, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			payload := strings.Replace(tc.payload, `"cwd":"/home/dev/project"`, `"cwd":"`+dir+`"`, 1)
			input := filepath.Join(dir, "qwen-hook-input.json")
			if err := os.WriteFile(input, []byte(payload), 0o600); err != nil {
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
			cmd := hook(tc.args...)
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
