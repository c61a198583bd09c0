package hookmain

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/proctest"
	"github.com/agenthooks/hooks/writes"
)

// Tests that drive a real hook process: the test binary run again with
// HOOKMAIN_TEST_RUN=guard is a hook made with Run and processGuard (see
// TestMain).

// processGuard denies a tool input it cannot read and rm -rf.
var processGuard = hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
	if ev.Tool.InputErr != nil {
		return hooks.Deny("unreadable: " + ev.Tool.InputErr.Error()), nil
	}
	if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
		if strings.HasPrefix(sh.Command, "quote ") {
			return hooks.Deny("no rm -rf: " + sh.Command), nil // an answer as long as the command
		}
		return hooks.Deny("no rm -rf"), nil
	}
	for _, p := range writes.Paths(&ev.Tool) {
		if strings.HasSuffix(p, "/.env") {
			return hooks.Deny("no writes to .env"), nil
		}
	}
	return hooks.Response{}, nil
}}

var claudeRm = strings.Replace(claudePre, `"command":"ls"`, `"command":"rm -rf build"`, 1)

const geminiPre = `{"session_id":"467c7ed7-1f2e-4d3c-9b8a-7f6e5d4c3b2a","transcript_path":"/home/dev/.gemini/tmp/project/chats/session.jsonl","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-11-29T16:52:25.551Z","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`

// hook returns the command of a hook process run with args.
func hook(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "HOOKMAIN_TEST_RUN=guard")
	return cmd
}

// waitFor is [proctest.Wait] for the hook.
func waitFor(t *testing.T, cmd *exec.Cmd) int { return proctest.Wait(t, cmd, "the hook") }

// SECURITY.md: a stdin held open or dripping (a host's bug, a hung pipe)
// gets the fail policy, in the host's dialect, at the deadline --timeout
// sets, instead of keeping the hook waiting until the host kills it. The
// timeout is 3 s: past the deadline the answer has limit/18 to be
// written, which at 1 s a loaded machine under -race missed.
func TestProcessStdinNotEnding(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		drip     bool
		wantCode int
		wantOut  string
	}{
		{"held open, fail-closed", []string{"--host", "claude", "--fail-closed", "--timeout", "3s"}, false, 2, ""},
		{"dripping, fail-closed", []string{"--host", "claude", "--fail-closed", "--timeout", "3s"}, true, 2, ""},
		{"held open, fail-open", []string{"--host", "claude", "--timeout", "3s"}, false, 0, ""},
		{"held open, codex fail-closed", []string{"--host", "codex", "--fail-closed", "--timeout", "3s"}, false, 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := hook(tc.args...)
			w, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			stop := make(chan struct{})
			defer close(stop)
			go func() {
				// A whole payload but no end, or one byte at a time.
				if !tc.drip {
					io.WriteString(w, claudeRm)
					<-stop
					return
				}
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					case <-time.After(50 * time.Millisecond):
					}
					if _, err := io.WriteString(w, claudeRm[i%len(claudeRm):i%len(claudeRm)+1]); err != nil {
						return
					}
				}
			}()
			code := waitFor(t, cmd)
			if code != tc.wantCode || stdout.String() != tc.wantOut {
				t.Errorf("exit %d stdout %q; want %d %q", code, stdout.String(), tc.wantCode, tc.wantOut)
			}
			if !strings.Contains(stderr.String(), "stdin did not end in time") || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("stderr %q: want one line saying stdin did not end", stderr.String())
			}
		})
	}
}

// SECURITY.md: an answer that cannot be written (stdout closed, or a pipe
// the host closed early) exits non-zero, 2 when the answer blocks, with a
// line on stderr; the hook is not killed by SIGPIPE.
func TestProcessAnswerNotWritten(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		payload  string
		closed   bool // stdout closed at start, else a pipe with no reader
		wantCode int
	}{
		{"deny, broken pipe", []string{"--host", "claude"}, claudeRm, false, 2},
		{"deny, stdout closed", []string{"--host", "claude"}, claudeRm, true, 2},
		{"gemini no opinion, broken pipe, fail-open", []string{"--host", "gemini"}, geminiPre, false, 1},
		{"gemini no opinion, broken pipe, fail-closed", []string{"--host", "gemini", "--fail-closed"}, geminiPre, false, 2},
		{"gemini no opinion, stdout closed", []string{"--host", "gemini"}, geminiPre, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cmd *exec.Cmd
			if tc.closed {
				cmd = exec.Command("/bin/sh", append([]string{"-c", `exec "$0" "$@" >&-`, os.Args[0]}, tc.args...)...)
				cmd.Env = append(os.Environ(), "HOOKMAIN_TEST_RUN=guard")
			} else {
				cmd = hook(tc.args...)
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				r.Close()
				defer w.Close()
				cmd.Stdout = w
			}
			cmd.Stdin = strings.NewReader(tc.payload)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			code := waitFor(t, cmd)
			if code != tc.wantCode {
				t.Errorf("exit %d; want %d (stderr %q)", code, tc.wantCode, stderr.String())
			}
			if !strings.Contains(stderr.String(), "hooks: the answer could not be written to stdout") {
				t.Errorf("stderr %q: want it to say the answer was not written", stderr.String())
			}
		})
	}
	// A shell's "> /dev/null" is not a closed stdout: the answer is
	// written there, and the exit code is the answer's.
	cmd := exec.Command("/bin/sh", "-c", `exec "$0" "$@" >/dev/null`, os.Args[0], "--host", "claude")
	cmd.Env = append(os.Environ(), "HOOKMAIN_TEST_RUN=guard")
	cmd.Stdin = strings.NewReader(claudeRm)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if code := waitFor(t, cmd); code != 0 || stderr.Len() != 0 {
		t.Errorf("> /dev/null: exit %d stderr %q; want 0 and nothing", code, stderr.String())
	}
}

// SECURITY.md: a host that stops reading stdout (a full pipe) does not
// hold the hook past its deadline: the answer's write is abandoned at 95%
// of --timeout, with one stderr line, and the hook exits 2 for a deny
// (the block every host reads). Measured before: the hook waited until
// killed.
func TestProcessStdoutNotRead(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close() // held open, never read
	cmd := hook("--host", "claude", "--timeout", "2s")
	// A deny that quotes a 200 KB command (under the parser's bound): more
	// than a pipe holds.
	cmd.Stdin = strings.NewReader(strings.Replace(claudeRm, "rm -rf build", "quote "+strings.Repeat("a", 200<<10)+" rm -rf build", 1))
	cmd.Stdout = w
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	code := waitFor(t, cmd)
	took := time.Since(start)
	if code != 2 || took > 10*time.Second {
		t.Errorf("exit %d after %v; want 2 once the deadline passed", code, took)
	}
	if strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "the answer could not be written in time") {
		t.Errorf("stderr %q: want one line saying the answer could not be written", stderr.String())
	}
}

// SECURITY.md: an unknown --host (a typo in a hand-written command) is a
// configuration error, answered as --fail-closed would, like every other
// bad argument: in the dialect of the host detected, else exit 2.
func TestProcessUnknownHost(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		payload  string
		wantCode int
		wantOut  string
	}{
		{"typo, detected", []string{"--host", "claud"}, claudePre, 0, `"permissionDecision":"deny"`},
		{"typo, undetectable", []string{"--host", "nosuch"}, `{"tool_name":"Bash"}`, 2, ""},
		{"empty", []string{"--host="}, claudePre, 0, `"permissionDecision":"deny"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := hook(tc.args...)
			cmd.Stdin = strings.NewReader(tc.payload)
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			code := waitFor(t, cmd)
			if code != tc.wantCode || !strings.Contains(stdout.String(), tc.wantOut) || tc.wantOut == "" && stdout.Len() != 0 {
				t.Errorf("exit %d stdout %q; want %d and %q", code, stdout.String(), tc.wantCode, tc.wantOut)
			}
			if !strings.Contains(stderr.String(), "fail-closed") {
				t.Errorf("stderr %q: want the fail-closed reason", stderr.String())
			}
		})
	}
}

// The model's doing reaches the policy in a real hook process too, under
// the default fail-open policy: a side field nested past encoding/json's
// limit (Tool.InputErr), and a Cursor file tool the adapter does not know
// by name (judged by its shape, so that its path is seen).
func TestProcessModelInput(t *testing.T) {
	deep := strings.Replace(claudePre, `"command":"ls"`, `"command":"ls","x":`+strings.Repeat("[", 10001)+strings.Repeat("]", 10001), 1)
	write, err := os.ReadFile(filepath.Join("..", "cursor", "testdata", "shape", "preToolUse-write.json"))
	if err != nil {
		t.Fatal(err)
	}
	renamed := strings.Replace(strings.Replace(string(write), `"tool_name": "Write"`, `"tool_name": "WriteFile"`, 1),
		"/home/dev/project/docs/hooks/_run4-scratch.txt", "/home/dev/project/.env", 1)
	for _, tc := range []struct {
		name, host, payload, want string
	}{
		{"deep side field", "claude", deep, `"permissionDecisionReason":"unreadable: tool input of Bash nests more than 10000 levels deep`},
		{"cursor tool unknown by name", "cursor", renamed, `"permission":"deny","user_message":"no writes to .env"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := hook("--host", tc.host)
			cmd.Stdin = strings.NewReader(tc.payload)
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if code := waitFor(t, cmd); code != 0 || !strings.Contains(stdout.String(), tc.want) || stderr.Len() != 0 {
				t.Errorf("exit %d stdout %q stderr %q; want the policy's deny %s and no failure", code, stdout.String(), stderr.String(), tc.want)
			}
		})
	}
}
