package bridgemain_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

// BenchmarkHookForms weighs the forms a hook that asks the gateway can
// take on Claude Code (issue 41 asked whether an mcp_tool hook would
// remove a process spawn):
//
//   - "bridge": a command hook, the bridge spawned for each event (this
//     test binary acting as examples/bridge) and posting to the gateway;
//   - "http": the payload posted as Claude Code's own http hook does,
//     the entry install --gateway writes: no process at all.
//
// An mcp_tool hook is also one request from the client to a server it
// holds a connection to, so it can save no more than "http" already
// does over "bridge"; each answer is checked to be the gateway's deny.
func BenchmarkHookForms(b *testing.B) {
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: rmGuard, Logger: quiet()})
	defer gw.Close()
	b.Run("bridge", func(b *testing.B) {
		for range b.N {
			cmd := bridgeCmd(false, "--host", "claude", "--gateway", gw.URL)
			cmd.Stdin = strings.NewReader(claudeRm)
			out, err := cmd.Output()
			if err != nil && cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), "no rm -rf") {
				b.Fatalf("bridge: %v, stdout %q", err, out)
			}
		}
	})
	b.Run("http", func(b *testing.B) {
		url := gw.URL + "?host=claude&timeout=10"
		for range b.N {
			resp, err := http.Post(url, "application/json", strings.NewReader(claudeRm))
			if err != nil {
				b.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !strings.Contains(string(body), "no rm -rf") {
				b.Fatalf("http: %s %q", resp.Status, body)
			}
		}
	})
}
