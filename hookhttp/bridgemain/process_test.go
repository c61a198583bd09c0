package bridgemain_test

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/internal/testonly/proctest"
)

// Tests that drive a real bridge process: the test binary run again with
// HOOKHTTP_TEST_BRIDGE=run is examples/bridge (bridgemain.Run with no
// policy of its own; see TestMain), forwarding to a gateway on 127.0.0.1.

const (
	claudeRm  = `{"session_id":"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d","transcript_path":"/home/dev/.claude/projects/-home-dev-project/5b1d2c3e.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"toolu_01"}`
	geminiPre = `{"session_id":"467c7ed7-1f2e-4d3c-9b8a-7f6e5d4c3b2a","transcript_path":"/home/dev/.gemini/tmp/project/chats/session.jsonl","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-11-29T16:52:25.551Z","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`
)

// rmGuard, the gateway's policy, denies rm -rf.
var rmGuard = hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
	if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
		return hooks.Deny("no rm -rf"), nil
	}
	return hooks.Response{}, nil
}}

// bridgeCmd returns the command of a bridge process run with args; with
// closed, its stdout is closed by the shell that execs it.
func bridgeCmd(closed bool, args ...string) *exec.Cmd {
	var cmd *exec.Cmd
	if closed {
		cmd = exec.Command("/bin/sh", append([]string{"-c", `exec "$0" "$@" >&-`, os.Args[0]}, args...)...)
	} else {
		cmd = exec.Command(os.Args[0], args...)
	}
	cmd.Env = append(os.Environ(), bridgeEnv+"=run")
	return cmd
}

// waitFor is [proctest.Wait] for the bridge.
func waitFor(t *testing.T, cmd *exec.Cmd) int { return proctest.Wait(t, cmd, "the bridge") }

// SECURITY.md: a host that stops reading the bridge's stdout (a full
// pipe) does not hold it past its deadline: the answer's write is
// abandoned at 95% of the bridge's budget with one stderr line, and the
// bridge exits 2 for a deny. Measured before: it waited until killed.
func TestProcessBridgeStdoutNotRead(t *testing.T) {
	quote := hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Deny("no: " + ev.Tool.Input.(*hooks.ShellInput).Command), nil // as long as the command
	}}
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: quote, Logger: quiet()})
	defer gw.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close() // held open, never read
	cmd := bridgeCmd(false, "--host", "claude", "--timeout", "2", "--gateway", gw.URL)
	cmd.Stdin = strings.NewReader(strings.Replace(claudeRm, "rm -rf build", strings.Repeat("a", 256<<10), 1))
	cmd.Stdout = w
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if code := waitFor(t, cmd); code != 2 {
		t.Errorf("exit %d; want 2 (stderr %q)", code, stderr.String())
	}
	if strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "the answer could not be written in time") {
		t.Errorf("stderr %q: want one line saying the answer could not be written", stderr.String())
	}
}

// SECURITY.md: a bridge whose answer cannot be written (stdout closed, or
// a pipe the host closed early) exits non-zero, 2 when the answer blocks
// or the bridge is fail-closed, with a line on stderr; it is not killed by
// SIGPIPE. The answer is the gateway's, or the bridge's own fail answer
// when the gateway is unreachable.
func TestProcessBridgeAnswerNotWritten(t *testing.T) {
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: rmGuard, Logger: quiet()})
	defer gw.Close()
	down := httptest.NewServer(nil)
	down.Close() // a gateway that refuses connections
	for _, tc := range []struct {
		name     string
		args     []string
		payload  string
		closed   bool // stdout closed at start, else a pipe with no reader
		wantCode int
	}{
		{"gateway deny, broken pipe", []string{"--host", "claude", "--gateway", gw.URL}, claudeRm, false, 2},
		{"gateway deny, stdout closed", []string{"--host", "claude", "--gateway", gw.URL}, claudeRm, true, 2},
		{"gemini no opinion, broken pipe, fail-open", []string{"--host", "gemini", "--gateway", gw.URL}, geminiPre, false, 1},
		{"gemini no opinion, broken pipe, fail-closed", []string{"--host", "gemini", "--fail-closed", "--gateway", gw.URL}, geminiPre, false, 2},
		{"gemini no opinion, stdout closed, fail-open", []string{"--host", "gemini", "--gateway", gw.URL}, geminiPre, true, 1},
		{"gemini no opinion, stdout closed, fail-closed", []string{"--host", "gemini", "--fail-closed", "--gateway", gw.URL}, geminiPre, true, 2},
		{"gateway down, fail-closed deny, broken pipe", []string{"--host", "claude", "--fail-closed", "--gateway", down.URL}, claudeRm, false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := bridgeCmd(tc.closed, tc.args...)
			if !tc.closed {
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
	// The same answers reach a stdout that reads them, and a shell's
	// "> /dev/null" is not a closed stdout: exit 0, nothing on stderr.
	for _, tc := range []struct {
		name, host, payload, want string
	}{
		{"claude deny", "claude", claudeRm, `"permissionDecision":"deny"`},
		{"gemini no opinion", "gemini", geminiPre, "{"},
	} {
		t.Run(tc.name+", read", func(t *testing.T) {
			cmd := bridgeCmd(false, "--host", tc.host, "--fail-closed", "--gateway", gw.URL)
			cmd.Stdin = strings.NewReader(tc.payload)
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if code := waitFor(t, cmd); code != 0 || !strings.Contains(stdout.String(), tc.want) || stderr.Len() != 0 {
				t.Errorf("exit %d stdout %q stderr %q; want 0, %s and nothing", code, stdout.String(), stderr.String(), tc.want)
			}
		})
		t.Run(tc.name+", > /dev/null", func(t *testing.T) {
			cmd := exec.Command("/bin/sh", "-c", `exec "$0" "$@" >/dev/null`, os.Args[0], "--host", tc.host, "--fail-closed", "--gateway", gw.URL)
			cmd.Env = append(os.Environ(), bridgeEnv+"=run")
			cmd.Stdin = strings.NewReader(tc.payload)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if code := waitFor(t, cmd); code != 0 || stderr.Len() != 0 {
				t.Errorf("exit %d stderr %q; want 0 and nothing", code, stderr.String())
			}
		})
	}
}
