package hookmain_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestCapturesReadFully: every tool event of every real capture reads with
// no Tool.InputErr, so that a guard denying unreadable input (as
// examples/guard does) never denies what a real client sends.
func TestCapturesReadFully(t *testing.T) {
	tools := 0
	for _, a := range builtin.Adapters() {
		for _, path := range hosttest.Captures(t, string(a.Host())) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			payloads := [][]byte{data}
			if strings.HasSuffix(path, ".jsonl") {
				payloads = nil
				sc := bufio.NewScanner(bytes.NewReader(data))
				sc.Buffer(nil, 16<<20)
				for sc.Scan() {
					if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
						payloads = append(payloads, append([]byte(nil), line...))
					}
				}
			}
			for _, p := range payloads {
				// Through Process, as a hook runs, so that what the core
				// adds to InputErr (an empty command or path) counts too.
				var ev hooks.Event
				h := hooks.Handlers{Any: func(_ context.Context, e hooks.Event) (hooks.Response, error) { ev = e; return hooks.Response{}, nil }}
				(&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: p})
				if tool := hooks.ToolOf(ev); tool != nil {
					tools++
					if tool.InputErr != nil {
						t.Errorf("%s: %s tool %q: InputErr %v", path, a.Host(), tool.Name, tool.InputErr)
					}
				}
			}
		}
	}
	if tools < 20 {
		t.Errorf("only %d tool events in the captures", tools)
	}
}
