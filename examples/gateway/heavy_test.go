package main

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

// heavyCommand is a command of about 250 KB that ends in rm -rf: costly to
// parse (about 0.3 s of one core here), just under the shell parser's
// 256 KiB cap, and denied by rule 1 when it is parsed in time.
func heavyCommand() string {
	return "echo " + strings.Repeat(">x ", (250<<10)/3) + "; rm -rf /home/dev/project"
}

// heavyOutcome counts the answers of one heavy run.
type heavyOutcome struct {
	denied, unchecked, noOpinion, other int
	took                                time.Duration
}

// heavyRun posts n heavy commands at once, as Claude Code's HTTP hook
// does (host timeout 2 s), to a gateway at url, and sorts the answers: a
// deny in time (rule 1), the deny of a call not judged in time (rule 4,
// Handlers.Unchecked), no opinion (the fail-open policy's answer), or
// anything else.
func heavyRun(t testing.TB, url string, n int) heavyOutcome {
	payload := fmt.Sprintf(`{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":%q},"tool_use_id":"t"}`, heavyCommand())
	client := &http.Client{Timeout: time.Minute}
	var mu sync.Mutex
	var out heavyOutcome
	var wg sync.WaitGroup
	start := time.Now()
	for range n {
		wg.Go(func() {
			req, _ := http.NewRequest("POST", url+"/hook?host=claude&timeout=2", strings.NewReader(payload))
			req.Header.Set("Authorization", "Bearer "+token)
			resp, err := client.Do(req)
			var body string
			if err == nil {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				body = string(b)
			}
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				t.Errorf("request: %v", err)
				out.other++
			case strings.Contains(body, `"permissionDecision":"deny","permissionDecisionReason":"guard: rule 4 (nothing it cannot see): this call could not be checked in time`):
				out.unchecked++
			case strings.Contains(body, `"permissionDecision":"deny"`):
				out.denied++
			case resp.StatusCode == 200 && body == "":
				out.noOpinion++
			default:
				out.other++
				t.Errorf("answer %d %q", resp.StatusCode, body)
			}
		})
	}
	wg.Wait()
	out.took = time.Since(start)
	return out
}

// heavyGateway starts the gateway's service on 127.0.0.1 with the
// fail-open policy; unchecked false takes the guard's Handlers.Unchecked
// away (the gateway before issue 35).
func heavyGateway(t testing.TB, unchecked bool) *httptest.Server {
	c := config{token: token, fail: hooks.FailOpen, timeout: 5 * time.Second, maxInput: hooks.DefaultMaxInput, maxInFlight: 64, maxHeap: 1 << 30}
	mux := newMux(c, slog.New(slog.DiscardHandler), nil)
	if !unchecked {
		mux = controlMux(c)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// controlMux is newMux's gateway without the guard's Handlers.Unchecked:
// what a call not judged in time got before issue 35 (the fail policy).
func controlMux(c config) *http.ServeMux {
	h := handlers(c.fail, nil)
	h.Timeout, h.MaxInput, h.Unchecked = c.timeout, c.maxInput, nil
	mux := http.NewServeMux()
	mux.Handle("POST /hook", &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: h, Auth: hookhttp.Bearer(c.token),
		Logger: slog.New(slog.DiscardHandler), MaxInFlight: c.maxInFlight, MaxHeap: uint64(c.maxHeap)})
	return mux
}

// SECURITY.md: 24 concurrent 250 KB commands each ending in rm -rf, on a
// -fail-open gateway (issue 35, measured before: every one missed its
// deadline and got no opinion, so every rm -rf would have run). Each is
// now denied: by rule 1 when parsed in time, else by rule 4 (the call
// could not be checked in time, Handlers.Unchecked), never by the fail
// policy. Bounded: 24 requests on 127.0.0.1, a 2 s host timeout.
func TestHeavyWorkIsDenied(t *testing.T) {
	srv := heavyGateway(t, true)
	out := heavyRun(t, srv.URL, 24)
	t.Logf("%d denied in time, %d denied as not checked in time, %d no opinion, in %v", out.denied, out.unchecked, out.noOpinion, out.took)
	if out.noOpinion != 0 || out.other != 0 || out.denied+out.unchecked != 24 {
		t.Errorf("%d of 24 heavy rm -rf got no opinion (%d other): want each denied", out.noOpinion, out.other)
	}
}

// BenchmarkHeavyWork runs the heavy measurement against the gateway with
// and without the guard's Handlers.Unchecked, and reports per run of 24
// requests how many were denied in time, denied as not checked in time,
// and left to the fail-open policy (no opinion). BENCHMARKS.md has the
// figures.
func BenchmarkHeavyWork(b *testing.B) {
	for _, unchecked := range []bool{false, true} {
		b.Run(fmt.Sprintf("unchecked=%v", unchecked), func(b *testing.B) {
			srv := heavyGateway(b, unchecked)
			var sum heavyOutcome
			runs := 0
			for b.Loop() {
				o := heavyRun(b, srv.URL, 24)
				sum.denied, sum.unchecked, sum.noOpinion = sum.denied+o.denied, sum.unchecked+o.unchecked, sum.noOpinion+o.noOpinion
				runs++
			}
			b.ReportMetric(float64(sum.denied)/float64(runs), "denied/run")
			b.ReportMetric(float64(sum.unchecked)/float64(runs), "unchecked/run")
			b.ReportMetric(float64(sum.noOpinion)/float64(runs), "no-opinion/run")
		})
	}
}
