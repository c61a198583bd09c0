package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agenthooks/hooks/internal/testonly/drainload"
)

const rmPayload = `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"t1"}`

// lineWriter hands each line written to it to a channel.
type lineWriter struct{ lines chan string }

func (w lineWriter) Write(b []byte) (int, error) {
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		select {
		case w.lines <- l:
		default:
		}
	}
	return len(b), nil
}

// listenAddr waits for the "gateway listening" line and returns its
// address.
func listenAddr(t *testing.T, lines <-chan string) string {
	t.Helper()
	for l := range lines {
		var rec struct {
			Msg, Addr string
		}
		if json.Unmarshal([]byte(l), &rec) == nil && rec.Msg == "gateway listening" {
			return rec.Addr
		}
	}
	t.Fatal("the gateway never said where it listens")
	return ""
}

// stopLoad loads the gateway at addr as Claude Code's HTTP hooks do,
// calls stop mid-load, and checks that no request sent was dropped.
func stopLoad(t *testing.T, addr string, stop func()) {
	t.Helper()
	load := drainload.Load{
		URL: "http://" + addr + "/hook?host=claude&timeout=30",
		Header: http.Header{"Content-Type": {"application/json"},
			"Authorization": {"Bearer " + token}},
		Body: []byte(rmPayload),
		Check: func(status int, body []byte) error {
			if status != 200 || !strings.Contains(string(body), `"permissionDecision":"deny"`) {
				return fmt.Errorf("answer %d %q", status, body)
			}
			return nil
		},
		Clients: 16, Max: 1_000_000, Deadline: 30 * time.Second,
		StopAfter: 1000, Stop: stop,
	}
	res := load.Run()
	t.Logf("%+v", res)
	if !res.Stopped {
		t.Fatal("the load never stopped the gateway")
	}
	if res.Dropped != 0 {
		t.Errorf("%d requests sent and not answered in full: %v", res.Dropped, res.Errors)
	}
	if res.Refused != load.Clients {
		t.Errorf("%d of %d clients were refused in the end", res.Refused, load.Clients)
	}
}

// The gateway, stopped mid-load, answers every request sent to it.
func TestRunStopsWithoutDropping(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	lines := make(chan string, 100_000)
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, []string{"-addr", "127.0.0.1:0"}, env(map[string]string{"HOOKS_GATEWAY_TOKEN": token}), lineWriter{lines})
		close(lines)
	}()
	stopLoad(t, listenAddr(t, lines), stop)
	if c := <-code; c != 0 {
		t.Errorf("exit %d", c)
	}
}

// The same for the gateway process and SIGTERM, as a restart sends.
func TestSIGTERMStopsWithoutDropping(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the gateway; the in-process stop is TestRunStopsWithoutDropping")
	}
	bin := filepath.Join(t.TempDir(), "gateway")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "HOOKS_GATEWAY_TOKEN="+token)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 100_000)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default:
			}
		}
		io.Copy(io.Discard, stderr)
		close(lines)
	}()
	stopLoad(t, listenAddr(t, lines), func() { cmd.Process.Signal(syscall.SIGTERM) })
	if err := cmd.Wait(); err != nil {
		t.Errorf("gateway after SIGTERM: %v", err)
	}
}
