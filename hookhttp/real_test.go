package hookhttp_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
	"github.com/agenthooks/hooks/writes"
)

// fixture is one input.json of an adapter's golden files.
type fixture struct {
	host    hooks.Host
	name    string
	payload []byte
}

// fixtures reads the input.json sections of the four adapters'
// testdata/*.txtar: the same payloads the core's golden tests use.
func fixtures(t testing.TB) []fixture {
	var fs []fixture
	for _, host := range []hooks.Host{"claude", "cursor", "gemini", "codex"} {
		files, _ := filepath.Glob(filepath.Join("..", string(host), "testdata", "*.txtar"))
		if len(files) == 0 {
			t.Fatalf("no fixtures for %s", host)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if in := txtar.Parse(data).Get("input.json"); in != nil {
				fs = append(fs, fixture{host: host, name: filepath.Base(f), payload: in})
			}
		}
	}
	return fs
}

// realPolicy is a guard (no `rm -rf`, no .env writes) that also speaks on
// prompts, session starts and stops, so that many answer shapes go over
// the wire.
func realPolicy() hooks.Handlers {
	judge := func(t *hooks.Tool) hooks.Response {
		if sh, ok := t.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
			return hooks.Deny("gateway: rm -rf is not allowed")
		}
		for _, p := range writes.Paths(t) {
			if filepath.Base(p) == ".env" {
				return hooks.Deny("gateway: .env files are not written by agents")
			}
		}
		if t.Kind() == hooks.KindRead {
			return hooks.Ask("reading files needs a human")
		}
		return hooks.Response{}
	}
	return hooks.Handlers{
		PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
			return judge(&ev.Tool), nil
		},
		PermissionRequest: func(_ context.Context, ev *hooks.PermissionRequestEvent) (hooks.Response, error) {
			return judge(&ev.Tool), nil
		},
		SessionStart: func(context.Context, *hooks.SessionStartEvent) (hooks.Response, error) {
			return hooks.AddContext("this session is audited"), nil
		},
		UserPromptSubmit: func(_ context.Context, ev *hooks.UserPromptSubmitEvent) (hooks.Response, error) {
			return hooks.Deny("prompts are reviewed").WithSystemMessage("policy v1"), nil
		},
		Stop: func(context.Context, *hooks.StopEvent) (hooks.Response, error) {
			return hooks.Deny("run the tests first"), nil
		},
	}
}

// brokenPolicy fails on every event, closed: every answer is the fail
// policy's, including the universal block (exit code 2) on events the
// adapters cannot parse.
func brokenPolicy() hooks.Handlers {
	return hooks.Handlers{
		Fail: hooks.FailClosed,
		Any: func(context.Context, hooks.Event) (hooks.Response, error) {
			return hooks.Response{}, errors.New("policy store down")
		},
	}
}

// TestRealEnvelope sends every fixture of every host through a bridge and
// the gateway, with --host and with detection, and checks that the bridge
// prints exactly what hooks.Server.Serve prints locally.
func TestRealEnvelope(t *testing.T) {
	adapters := builtin.Adapters()
	fs := fixtures(t)
	for _, pol := range []struct {
		name string
		h    hooks.Handlers
	}{{"guard", realPolicy()}, {"broken", brokenPolicy()}} {
		gw := httptest.NewServer(&hookhttp.Handler{Adapters: adapters, Handlers: pol.h, Auth: hookhttp.Bearer("tok"), Logger: quiet()})
		defer gw.Close()
		exit2 := 0
		for _, f := range fs {
			for _, detect := range []bool{false, true} {
				var a hooks.Adapter
				var args []string
				if !detect {
					a = find(adapters, f.host)
					args = []string{"--host", string(f.host)}
				} else if d, err := hooks.Detect(adapters, f.payload); err == nil {
					a = d
				}
				br := hookhttp.Bridge{URL: gw.URL, Token: "tok"}
				rep := br.Forward(context.Background(), a, f.payload, 0)
				if rep.Err != nil {
					t.Errorf("%s %s: bridge failed: %v", pol.name, f.name, rep.Err)
				}
				// The bridge's own policy, which the answer check
				// reads (Cursor's failClosed), does not change an
				// answer the gateway gave.
				br.Fail = hooks.FailClosed
				if rc := br.Forward(context.Background(), a, f.payload, 0); rc.Err != nil {
					t.Errorf("%s %s, bridge fail-closed: bridge failed: %v", pol.name, f.name, rc.Err)
				}
				o, e, c := write(rep)
				wo, we, wc := serveLocal(adapters, pol.h, string(f.payload), args...)
				if o != wo || e != we || c != wc {
					t.Errorf("%s %s/%s (detect %v): bridge wrote\n stdout %q\n stderr %q\n exit %d\nServe wrote\n stdout %q\n stderr %q\n exit %d",
						pol.name, f.host, f.name, detect, o, e, c, wo, we, wc)
				}
				if c == 2 {
					exit2++
				}
			}
		}
		t.Logf("%s: %d fixtures, %d answers with exit code 2", pol.name, len(fs), exit2)
		if pol.name == "broken" && exit2 == 0 {
			t.Errorf("no fixture exercised the universal block")
		}
	}
}

// TestRealClaudePlain posts every Claude fixture as Claude Code's HTTP hook
// does and checks the answer against Claude's contract: 200, and the body
// is Serve's stdout, or {"decision":"block"} where Serve exits 2.
func TestRealClaudePlain(t *testing.T) {
	adapters := builtin.Adapters()
	var denied, blocked int
	for _, pol := range []hooks.Handlers{realPolicy(), brokenPolicy()} {
		gw := httptest.NewServer(&hookhttp.Handler{Adapters: adapters, Handlers: pol, Auth: hookhttp.Bearer("tok"), Logger: quiet()})
		defer gw.Close()
		for _, f := range fixtures(t) {
			if f.host != "claude" {
				continue
			}
			for _, target := range []string{"/hook?host=claude&timeout=30", "/hook"} {
				req, _ := http.NewRequest(http.MethodPost, gw.URL+target, strings.NewReader(string(f.payload)))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer tok")
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				wo, we, wc := serveLocal(adapters, pol, string(f.payload), "--host", "claude")
				if resp.StatusCode != 200 {
					t.Errorf("%s: status %d", f.name, resp.StatusCode)
				}
				switch wc {
				case 0:
					if string(body) != wo {
						t.Errorf("%s %s: body %q, want Serve's stdout %q", f.name, target, body, wo)
					}
					if strings.Contains(wo, `"deny"`) || strings.Contains(wo, `"block"`) {
						denied++
					}
				case 2:
					var blk map[string]string
					if err := json.Unmarshal(body, &blk); err != nil || blk["decision"] != "block" || blk["reason"]+"\n" != lastLine(we) {
						t.Errorf("%s %s: body %q, want a block with the reason %q", f.name, target, body, lastLine(we))
					}
					blocked++
				default:
					t.Errorf("%s: Serve exited %d", f.name, wc)
				}
				if len(body) > 0 && !json.Valid(body) {
					t.Errorf("%s: body is not JSON: %q", f.name, body)
				}
			}
		}
	}
	t.Logf("Claude fixtures over plain HTTP: %d answers denied in JSON, %d exit-2 blocks turned into JSON", denied, blocked)
	if denied == 0 || blocked == 0 {
		t.Errorf("denied %d, blocked %d: both paths must be exercised", denied, blocked)
	}
}

// TestRealParallel hammers one gateway with every host's fixtures at once,
// over both wires; run it with -race.
func TestRealParallel(t *testing.T) {
	adapters := builtin.Adapters()
	fs := fixtures(t)
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: adapters, Handlers: realPolicy(), Auth: hookhttp.Bearer("tok"), Logger: quiet()})
	defer gw.Close()
	want := make([]string, len(fs))
	for i, f := range fs {
		o, e, c := serveLocal(adapters, realPolicy(), string(f.payload), "--host", string(f.host))
		want[i] = o + "|" + e + "|" + string(rune('0'+c))
	}
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 5 {
				for i, f := range fs {
					br := hookhttp.Bridge{URL: gw.URL, Token: "tok"}
					rep := br.Forward(context.Background(), find(adapters, f.host), f.payload, 0)
					o, e, c := write(rep)
					if got := o + "|" + e + "|" + string(rune('0'+c)); got != want[i] {
						t.Errorf("worker %d round %d %s/%s: got %q, want %q", w, round, f.host, f.name, got, want[i])
					}
				}
			}
		}()
	}
	wg.Wait()
}

func find(adapters []hooks.Adapter, host hooks.Host) hooks.Adapter {
	for _, a := range adapters {
		if a.Host() == host {
			return a
		}
	}
	return nil
}

func lastLine(s string) string {
	lines := strings.SplitAfter(strings.TrimSuffix(s, "\n"), "\n")
	return strings.TrimSuffix(lines[len(lines)-1], "\n") + "\n"
}

// TestRealBudget checks the bridge's budget against the real hosts'
// limits: Codex clamps SessionEnd to 3 s, so the bridge gives up at 2.7 s.
func TestRealBudget(t *testing.T) {
	adapters := builtin.Adapters()
	b := hookhttp.Bridge{}
	for _, tt := range []struct {
		host    hooks.Host
		payload string
		want    time.Duration
	}{
		{"codex", `{"hook_event_name":"SessionEnd"}`, 2700 * time.Millisecond},
		{"codex", `{"hook_event_name":"PreToolUse"}`, hookhttp.DefaultBridgeTimeout},
		{"cursor", `{"hook_event_name":"preToolUse"}`, hookhttp.DefaultBridgeTimeout},
	} {
		if got := b.Budget(find(adapters, tt.host), []byte(tt.payload), 0); got != tt.want {
			t.Errorf("%s %s: budget %v, want %v", tt.host, tt.payload, got, tt.want)
		}
	}
}
