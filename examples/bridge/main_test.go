package main

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/internal/testonly/proctest"
)

// The built bridge, not only bridgemain.Run under test: a gateway's deny
// that cannot reach the host (a pipe it closed early) exits 2 with a line
// on stderr, and SIGPIPE does not kill the bridge. This fails when main
// stops calling bridgemain.Run (or something as careful).
func TestBuiltBridgeBrokenPipe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the bridge")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	bin := filepath.Join(t.TempDir(), "bridge")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	deny := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Deny("no"), nil
	}}
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: deny, Logger: slog.New(slog.DiscardHandler)})
	defer gw.Close()
	cmd := exec.Command(bin, "--host", "claude", "--gateway", gw.URL)
	cmd.Stdin = strings.NewReader(`{"session_id":"s","transcript_path":"/home/dev/t.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"t1"}`)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	cmd.Stdout = w
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	code := proctest.Wait(t, cmd, "the bridge")
	if code != 2 || !strings.Contains(stderr.String(), "hooks: the answer could not be written to stdout") {
		t.Errorf("exit %d stderr %q; want 2 and the line saying the answer was not written", code, stderr.String())
	}
}
