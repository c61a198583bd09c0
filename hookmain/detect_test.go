package hookmain_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// payloads returns every real payload of testdata/captures/<host>/: the
// .json files, and the "stdin" object of each line of Cursor's .jsonl logs.
func payloads(t *testing.T, host string) map[string][]byte {
	out := map[string][]byte{}
	for _, path := range hosttest.Captures(t, host) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		if !strings.HasSuffix(path, ".jsonl") {
			out[name] = data
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 16<<20)
		for i := 1; sc.Scan(); i++ {
			var line struct {
				Stdin json.RawMessage `json:"stdin"`
			}
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil || len(line.Stdin) == 0 || line.Stdin[0] != '{' {
				continue
			}
			out[fmt.Sprintf("%s:%03d", name, i)] = line.Stdin
		}
	}
	return out
}

// TestDetectRealCaptures runs detection with all the built-in adapters over every
// real payload of every host: each must be attributed to its own host, or
// (for payloads without an event name) to none — never to another host.
// Copilot's camelCase payloads carry no event name but are recognised by
// their camelCase common fields.
func TestDetectRealCaptures(t *testing.T) {
	adapters := builtin.Adapters()
	total := 0
	for _, host := range hosttest.Hosts {
		for name, p := range payloads(t, host) {
			if strings.HasSuffix(name, ".meta.json") {
				continue // a hook process's environment, not a payload
			}
			total++
			a, err := hooks.Detect(adapters, p)
			if err != nil {
				var v struct {
					Name string `json:"hook_event_name"`
				}
				json.Unmarshal(p, &v)
				// Copilot's camelCase payloads name no event, yet are
				// recognised; only Cursor logs may hold a nameless one.
				if v.Name != "" || host != "cursor" {
					t.Errorf("%s/%s: %v", host, name, err)
				}
				continue
			}
			if got := string(a.Host()); got != host {
				t.Errorf("%s/%s detected as %s", host, name, got)
			}
		}
	}
	if total < 100 {
		t.Errorf("only %d real payloads found; expected the full capture set", total)
	}
}
