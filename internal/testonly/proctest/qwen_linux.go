package proctest

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// QwenMessageDisplay is a MessageDisplay payload of Qwen Code 0.24.4,
// from testdata/captures/qwen/MessageDisplay.json at the module root
// (captured by the e2e suite).
const QwenMessageDisplay = `{"session_id":"47f0a03c-1b15-426f-8437-d9f824197931","transcript_path":"/home/dev/.qwen/projects/-home-dev-baseline-project/chats/47f0a03c-1b15-426f-8437-d9f824197931.jsonl","cwd":"/home/dev/project","hook_event_name":"MessageDisplay","timestamp":"2026-12-01T05:53:03.682Z","permission_mode":"yolo","prompt_id":"47f0a03c-1b15-426f-8437-d9f824197931########0","message_id":"3549aeba-7f7f-4e05-8f42-1b6a389bf23a","displayed_text":"All done.","is_final":true}`

// QwenRm is a PreToolUse payload of Qwen Code's shell tool running
// rm -rf build.
const QwenRm = `{"session_id":"47f0a03c-1b15-426f-8437-d9f824197931","transcript_path":"/home/dev/.qwen/projects/p/chats/s.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","timestamp":"2026-12-01T05:53:03.682Z","permission_mode":"yolo","tool_name":"run_shell_command","tool_input":{"command":"rm -rf build"},"tool_use_id":"call_1"}`

// RunAsQwenSupervisor runs cmd in dir as Qwen Code 0.24.4 runs the hooks
// of MessageDisplay (its bundle's hookRunner,
// SURVIVING_HOOK_SUPERVISOR_SOURCE): payload in a file of mode 0600 given
// as stdin and unlinked once the hook started, stdout and stderr Node's
// "ignore" (the null device opened read-write), a session of its own.
// It returns the exit code, all Qwen reads.
func RunAsQwenSupervisor(t testing.TB, cmd *exec.Cmd, dir, payload string) int {
	t.Helper()
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
	cmd.Dir = dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, null, null
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(input); err != nil {
		t.Fatal(err)
	}
	return Wait(t, cmd, "the hook")
}
