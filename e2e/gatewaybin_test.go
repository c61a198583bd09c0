package e2e

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/hookhttp"
)

// gatewayProcess is examples/gateway running as its own process on
// 127.0.0.1, as an organisation would run it.
type gatewayProcess struct {
	url, token string
	mu         sync.Mutex
	stderr     bytes.Buffer // its decision log
}

func (g *gatewayProcess) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stderr.Write(p)
}

func (g *gatewayProcess) log() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stderr.String()
}

// startGatewayProcess builds and starts examples/gateway with a fresh
// token and waits for its health check. When the test ends it is stopped
// with SIGTERM and must shut down cleanly (exit 0).
func startGatewayProcess(t *testing.T) *gatewayProcess {
	t.Helper()
	bin := buildExample(t, "gateway")
	b := make([]byte, 16)
	rand.Read(b)
	g := &gatewayProcess{token: hex.EncodeToString(b)}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "-addr", addr, "-timeout", "3s")
	cmd.Env = append(os.Environ(), hookhttp.DefaultTokenEnv+"="+g.token)
	cmd.Stdout, cmd.Stderr = g, g
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("examples/gateway did not shut down cleanly on SIGTERM: %v\n%s", err, g.log())
			}
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			t.Errorf("examples/gateway did not stop within 15 s of SIGTERM")
		}
	})
	g.url = "http://" + addr + "/hook"
	for deadline := time.Now().Add(15 * time.Second); ; {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return g
			}
		}
		select {
		case err := <-done:
			t.Fatalf("examples/gateway exited: %v\n%s", err, g.log())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("examples/gateway is not healthy after 15 s:\n%s", g.log())
		}
	}
}

// testGatewayBinary runs examples/gateway as its own process (the service
// an organisation deploys), registered by install --gateway: Claude Code
// calls it through HTTP hooks, Codex and Gemini CLI through the bridge.
// Its `rm -rf` deny must take effect and reach the model, a plain command
// must run, and its decision log must hold the deny but never the token.
func testGatewayBinary(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "gateway-binary")
	table.check(t, h.ID, "gateway-binary")
	g := startGatewayProcess(t)
	hook := hookBin
	if h.Name != "claude" {
		hook = buildBridge(t)
	}
	spec := harness.Spec{Host: h, Prompt: "run the e2e gateway binary scenario", Hook: []string{hook},
		Register: gatewayRegister(t, h, g.url, false),
		Prepare: func(r *harness.Run) error {
			return os.WriteFile(filepath.Join(r.Project, "keep.txt"), []byte("kept\n"), 0o644)
		},
		Script: func(*harness.Run) fakemodel.Script {
			return fakemodel.Script{shell(h.Name, "rm -rf keep.txt"), shell(h.Name, "echo ran > gateway_binary.txt"), fakemodel.Say(firstAnswer)}
		}}
	pascalBridge(&spec, g.url, false)
	o := runGateway(t, spec, nil, g.token)
	if got, ok := o.file("keep.txt"); !ok || got != "kept\n" {
		t.Errorf("THE GATEWAY DID NOT BLOCK `rm -rf keep.txt`: keep.txt = %q, present %v\n%s", got, ok, g.log())
	}
	if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, guardReason) {
		t.Errorf("the model was not told the gateway's reason; it saw %q", tr.Text)
	}
	if got, _ := o.file("gateway_binary.txt"); got != "ran\n" {
		t.Errorf("the gateway blocked a plain command: gateway_binary.txt = %q", got)
	}
	logs := g.log()
	if !strings.Contains(logs, `"decision":"deny"`) || !strings.Contains(logs, `"host":"`+h.Name+`"`) {
		t.Errorf("the gateway's log has no deny for %s:\n%s", h.Name, logs)
	}
	if strings.Contains(logs, g.token) {
		t.Errorf("THE GATEWAY LOGGED ITS TOKEN")
	}
	if strings.Contains(logs, "rm -rf keep.txt") {
		t.Errorf("the gateway logged the payload's command")
	}
}
