// Command loadtest measures the gateway against a bare net/http handler
// that returns a fixed JSON body, in the same run, on 127.0.0.1: requests
// per second, latency and errors. Both servers use hookhttp.NewServer's
// settings and receive the same payloads (every host's, over the wire each
// host uses: Claude's plain HTTP, the envelope for the others); rounds
// alternate between them so that both see the same machine.
//
//	go run ./hookhttp/internal/loadtest -c 32 -d 1s -rounds 10 -min 0.8
//
// The gateway is examples/gateway's handler stack: hookhttp.Handler with
// its MaxHeap (1 GiB, the example's -max-heap: each request joins the heap
// watch), the decision log through hookhttp.JSONLogger on a
// hookhttp.LogWriter (the example's stderr; here the null device), and
// with -identity a tokens file and a rate per developer. Its policy is
// examples/guard's, reduced (see policy).
//
// Each round pairs one bare run with one gateway run; the verdict is the
// median of the per-round ratios, which a busy machine disturbs least. It
// exits 1 when the gateway made any error, or (with -min) when the median
// ratio is below that fraction of the bare handler's rate.
package main

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/writes"
)

// request is one payload as its host sends it.
type request struct {
	host    string
	query   string
	wire    string // "" or hookhttp.WireEnvelope
	payload string
}

// requests are neutral payloads modelled on each host's real ones: a deny,
// a no-opinion and a non-tool event per host.
var requests = []request{
	{"claude", "?host=claude&timeout=30", "", `{"session_id":"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d","transcript_path":"/home/dev/.claude/projects/-home-dev-project/5b1d2c3e.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build","description":"clean build"},"tool_use_id":"toolu_00a1b2c3d4e5f6a7b8c9"}`},
	{"claude", "?host=claude&timeout=30", "", `{"session_id":"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d","transcript_path":"/home/dev/.claude/projects/-home-dev-project/5b1d2c3e.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/home/dev/project/notes.txt","content":"hello\n"},"tool_use_id":"toolu_00a1b2c3d4e5f6a7b8ca"}`},
	{"claude", "?host=claude&timeout=30", "", `{"session_id":"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d","transcript_path":"/home/dev/.claude/projects/-home-dev-project/5b1d2c3e.jsonl","cwd":"/home/dev/project","hook_event_name":"SessionStart","source":"startup"}`},
	{"cursor", "", hookhttp.WireEnvelope, `{"conversation_id":"6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b","generation_id":"0d9e8f7a-6b5c-4d3e-2f1a-0b9c8d7e6f5a","model":"composer-2","tool_name":"Shell","tool_input":{"command":"rm -rf build","cwd":"","timeout":30000},"tool_use_id":"09dca0a5-cdf3-4c9a-9cae-ad30ed8d1fbb","cwd":"","session_id":"6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b","hook_event_name":"preToolUse","cursor_version":"3.9.16","workspace_roots":["/home/dev/project"],"user_email":"dev@example.com"}`},
	{"cursor", "", hookhttp.WireEnvelope, `{"conversation_id":"6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b","generation_id":"0d9e8f7a-6b5c-4d3e-2f1a-0b9c8d7e6f5a","model":"composer-2","command":"ls -la","cwd":"/home/dev/project","hook_event_name":"beforeShellExecution","cursor_version":"3.9.16","workspace_roots":["/home/dev/project"],"user_email":"dev@example.com"}`},
	{"gemini", "", hookhttp.WireEnvelope, `{"session_id":"6f1c2e0a-1b2c-4d5e-8f90-123456789abc","transcript_path":"/home/dev/.gemini/project/chats/session.json","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-01-15T10:00:02.100Z","tool_name":"write_file","tool_input":{"file_path":"/home/dev/project/.env","content":"KEY=1\n"}}`},
	{"gemini", "", hookhttp.WireEnvelope, `{"session_id":"6f1c2e0a-1b2c-4d5e-8f90-123456789abc","transcript_path":"/home/dev/.gemini/project/chats/session.json","cwd":"/home/dev/project","hook_event_name":"BeforeAgent","timestamp":"2026-01-15T10:00:01.000Z","prompt":"tidy the build scripts"}`},
	{"codex", "", hookhttp.WireEnvelope, `{"session_id":"019a3f2c-1b2d-7c4e-9f00-5a6b7c8d9e0f","turn_id":"019a3f2c-1b40-7d11-8a22-334455667788","transcript_path":"/home/dev/.codex/sessions/rollout.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"call_shell_1"}`},
	{"codex", "", hookhttp.WireEnvelope, `{"session_id":"019a3f2c-1b2d-7c4e-9f00-5a6b7c8d9e0f","turn_id":"019a3f2c-1b40-7d11-8a22-334455667788","transcript_path":"/home/dev/.codex/sessions/rollout.jsonl","cwd":"/home/dev/project","hook_event_name":"Stop","model":"gpt-5.5","permission_mode":"bypassPermissions","stop_hook_active":false,"last_assistant_message":"done"}`},
}

const token = "loadtest-token"

// developers is the number of developers with -identity: each client
// sends the token of one of them.
const developers = 200

// devToken is developer i's token.
func devToken(i int) string { return fmt.Sprintf("loadtest-token-%03d", i) }

// identity, with -identity, names each request's developer from a tokens
// file of 200 (hookhttp.Tokens) and limits each one's rate
// (hookhttp.RateLimit, set far above the load), as a company's gateway
// does.
var identity bool

// policy is the guard of examples/guard, reduced: no `rm -rf`, no .env
// writes.
func policy() hooks.Handlers {
	judge := func(t *hooks.Tool) hooks.Response {
		if sh, ok := t.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
			return hooks.Deny("guard: `rm -rf` is not allowed; delete specific files instead")
		}
		for _, p := range writes.Paths(t) {
			if path.Base(filepath.ToSlash(p)) == ".env" {
				return hooks.Deny("guard: " + p + " is a .env file")
			}
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
		Timeout: 5 * time.Second,
	}
}

// bare is the reference: read the body, answer a fixed JSON body.
func bare() http.Handler {
	body := []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guard: rm -rf is not allowed"}}` + "\n")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
}

// Result is one measured round.
type Result struct {
	Name     string
	Requests int64
	Errors   int64
	Elapsed  time.Duration
	P50, P99 time.Duration
	// CPU is the process's CPU time (user and system, client included)
	// during the round.
	CPU time.Duration
}

// CPUPerRequest is the process's CPU time per request.
func (r Result) CPUPerRequest() time.Duration {
	if r.Requests == 0 {
		return 0
	}
	return r.CPU / time.Duration(r.Requests)
}

// RPS is requests per second.
func (r Result) RPS() float64 { return float64(r.Requests) / r.Elapsed.Seconds() }

// run sends requests to base with c workers for d, or until n requests
// when n > 0, and counts as an error every transport error and every
// status other than 200.
func run(name, base string, c int, d time.Duration, n int64) Result {
	tr := &http.Transport{MaxIdleConns: c, MaxIdleConnsPerHost: c, IdleConnTimeout: time.Minute}
	if withTLS {
		tr.TLSClientConfig = &tls.Config{RootCAs: roots}
	}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	var sent, errs atomic.Int64
	lat := make([][]time.Duration, c)
	deadline := time.Now().Add(d)
	cpu0 := cpuTime()
	start := time.Now()
	var wg sync.WaitGroup
	for w := range c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; ; i++ {
				if n > 0 && sent.Add(1) > n {
					return
				}
				if n <= 0 {
					if time.Now().After(deadline) {
						return
					}
					sent.Add(1)
				}
				rq := requests[i%len(requests)]
				req, _ := http.NewRequest(http.MethodPost, base+"/hook"+rq.query, strings.NewReader(rq.payload))
				req.Header.Set("Content-Type", "application/json")
				if identity {
					req.Header.Set("Authorization", "Bearer "+devToken(i%developers))
				} else {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				if rq.wire != "" {
					req.Header.Set(hookhttp.HeaderWire, rq.wire)
					req.Header.Set(hookhttp.HeaderHost, rq.host)
					req.Header.Set(hookhttp.HeaderTimeout, "10s")
				}
				t0 := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					errs.Add(1)
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					errs.Add(1)
				}
				lat[w] = append(lat[w], time.Since(t0))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	slices.Sort(all)
	res := Result{Name: name, Requests: int64(len(all)), Errors: errs.Load(), Elapsed: elapsed, CPU: cpu}
	if len(all) > 0 {
		res.P50, res.P99 = all[len(all)/2], all[len(all)*99/100]
	}
	return res
}

// Compare measures the bare handler and the gateway in alternating rounds
// and returns every round, bare first in each pair. The gateway logs every
// decision as JSON to logs (nil: no logging), through a LogWriter as
// examples/gateway does; what it queued is written before Compare returns.
func Compare(c int, d time.Duration, n int64, rounds int, logs io.Writer) ([]Result, error) {
	return compare(c, d, n, rounds, logs, "")
}

// viaSlog logs decisions through slog's JSON handler instead of
// hookhttp.JSONLogger (-slog).
var viaSlog bool

// compare is Compare; only, when set ("bare" or "gateway"), runs that
// server alone, for profiling it.
func compare(c int, d time.Duration, n int64, rounds int, logs io.Writer, only string) ([]Result, error) {
	gwHandler, flush, err := gateway(logs)
	if err != nil {
		return nil, err
	}
	defer flush() // after both servers have stopped
	mux := http.NewServeMux()
	mux.Handle("POST /hook", gwHandler)
	if withTLS {
		if err := makeCert(); err != nil {
			return nil, err
		}
	}
	gw, err := startLocal(mux)
	if err != nil {
		return nil, err
	}
	defer gw.Close()
	bareMux := http.NewServeMux()
	bareMux.Handle("POST /hook", bare())
	ref, err := startLocal(bareMux)
	if err != nil {
		return nil, err
	}
	defer ref.Close()

	var out []Result
	for range rounds {
		switch only {
		case "bare":
			out = append(out, run("bare", ref.URL, c, d, n), Result{Name: "gateway", Elapsed: 1})
		case "gateway":
			out = append(out, Result{Name: "bare", Elapsed: 1}, run("gateway", gw.URL, c, d, n))
		default:
			out = append(out, run("bare", ref.URL, c, d, n), run("gateway", gw.URL, c, d, n))
		}
	}
	return out, nil
}

// gateway is the gateway's handler, logging every decision as JSON to
// logs (nil: no logging) through a LogWriter as examples/gateway does;
// flush writes what the log queued.
func gateway(logs io.Writer) (gw *hookhttp.Handler, flush func(), err error) {
	logger, flush := slog.New(slog.DiscardHandler), func() {}
	if logs != nil {
		// As examples/gateway: a stderr nobody reads cannot hold an answer.
		lw := hookhttp.NewLogWriter(logs)
		flush = func() { lw.Flush(10 * time.Second) }
		logger = hookhttp.JSONLogger(lw)
		if viaSlog {
			logger = slog.New(slog.NewJSONHandler(lw, nil))
		}
	}
	gw = &hookhttp.Handler{
		Adapters: builtin.Adapters(),
		Handlers: policy(),
		Auth:     hookhttp.Bearer(token),
		Logger:   logger,
		// examples/gateway's -max-heap default.
		MaxHeap: 1 << 30,
	}
	if identity {
		users, err := tokensFile()
		if err != nil {
			return nil, nil, err
		}
		gw.Auth, gw.Identify = nil, users.Identify
		gw.Rate = &hookhttp.RateLimit{PerMinute: 1 << 30}
	}
	return gw, flush, nil
}

// tokensFile writes the tokens file of the developers and loads it.
func tokensFile() (*hookhttp.Tokens, error) {
	dir, err := os.MkdirTemp("", "loadtest")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	var b strings.Builder
	for i := range developers {
		sum := sha256.Sum256([]byte(devToken(i)))
		fmt.Fprintf(&b, "dev%03d %s\n", i, hex.EncodeToString(sum[:]))
	}
	f := filepath.Join(dir, "tokens")
	if err := os.WriteFile(f, []byte(b.String()), 0o600); err != nil {
		return nil, err
	}
	return hookhttp.LoadTokens(f)
}

func main() {
	c := flag.Int("c", 32, "concurrent clients")
	d := flag.Duration("d", time.Second, "duration of each round")
	n := flag.Int64("n", 0, "requests per round instead of -d (0: use -d)")
	rounds := flag.Int("rounds", 10, "rounds per server, alternating")
	min := flag.Float64("min", 0, "fail unless the median gateway/bare ratio reaches this (e.g. 0.8)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	memprofile := flag.String("memprofile", "", "write an allocation profile of the whole run to this file")
	only := flag.String("only", "", `run one server alone ("bare" or "gateway"), to profile it; no verdict`)
	logs := flag.Bool("log", true, "log every decision as JSON (to the null device, through a LogWriter), as a deployed gateway would")
	flag.BoolVar(&withTLS, "tls", false, "serve both servers over TLS (a self-signed certificate the clients trust)")
	flag.BoolVar(&identity, "identity", false, "name each request's developer from a tokens file of 200, with a rate per developer (-tokens, -rate)")
	flag.BoolVar(&viaSlog, "slog", false, "log through slog.NewJSONHandler rather than hookhttp.JSONLogger (the default logger)")
	gcPercent := flag.Int("gc-percent", 400, "the GC target of the whole process, both servers and the clients: examples/gateway's default (its -gc-percent); 100 is Go's (GOGC in the environment wins)")
	flag.Parse()
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(*gcPercent)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadtest:", err)
			os.Exit(1)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}

	writeMemProfile := func() {}
	if *memprofile != "" {
		runtime.MemProfileRate = 4096
		writeMemProfile = func() {
			if f, err := os.Create(*memprofile); err == nil {
				pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
		}
		defer writeMemProfile()
	}

	var logw io.Writer
	if *logs {
		// A file, as the gateway's stderr is: each write of the log's
		// queue is a system call.
		null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadtest:", err)
			os.Exit(1)
		}
		defer null.Close()
		logw = null
	}
	res, err := compare(*c, *d, *n, *rounds, logw, *only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	s := Summarize(res)
	fmt.Printf("%5s %10s %10s %8s %8s %10s %10s %9s %9s %6s\n", "round", "bare req/s", "gw req/s", "bare err", "gw err", "gw p50", "gw p99", "bare cpu", "gw cpu", "ratio")
	for i := 0; i+1 < len(res); i += 2 {
		b, g := res[i], res[i+1]
		fmt.Printf("%5d %10.0f %10.0f %8d %8d %10v %10v %9v %9v %6.2f\n", i/2+1, b.RPS(), g.RPS(), b.Errors, g.Errors,
			g.P50.Round(time.Microsecond), g.P99.Round(time.Microsecond),
			b.CPUPerRequest().Round(time.Microsecond), g.CPUPerRequest().Round(time.Microsecond), g.RPS()/b.RPS())
	}
	fmt.Printf("CPU per request (client included): bare %v, gateway %v (bare/gateway %.2f)\n",
		s.BareCPU.Round(time.Microsecond), s.GatewayCPU.Round(time.Microsecond), float64(s.BareCPU)/float64(s.GatewayCPU))
	fmt.Printf("median gateway/bare %.2f; total req/s gateway %.0f, bare %.0f (%.2f); requests gateway %d, bare %d; errors gateway %d, bare %d; %d clients, %d payloads of 4 hosts\n",
		s.Median, s.GatewayRPS, s.BareRPS, s.GatewayRPS/s.BareRPS, s.GatewayRequests, s.BareRequests, s.GatewayErrors, s.BareErrors, *c, len(requests))
	if s.GatewayErrors > 0 || *only == "" && s.Median < *min {
		pprof.StopCPUProfile()
		writeMemProfile()
		os.Exit(1)
	}
}

// Summary sums alternating bare/gateway rounds.
type Summary struct {
	Median                        float64 // median of the per-round gateway/bare ratios
	GatewayRPS, BareRPS           float64 // mean requests per second
	GatewayRequests, BareRequests int64
	GatewayErrors, BareErrors     int64
	GatewayCPU, BareCPU           time.Duration // CPU time per request
}

// Summarize reads the rounds of Compare.
func Summarize(res []Result) Summary {
	var s Summary
	var ratios []float64
	var gwTime, bareTime, gwCPU, bareCPU time.Duration
	for i := 0; i+1 < len(res); i += 2 {
		b, g := res[i], res[i+1]
		ratios = append(ratios, g.RPS()/b.RPS())
		s.BareRequests += b.Requests
		s.GatewayRequests += g.Requests
		s.BareErrors += b.Errors
		s.GatewayErrors += g.Errors
		bareTime += b.Elapsed
		gwTime += g.Elapsed
		bareCPU += b.CPU
		gwCPU += g.CPU
	}
	if len(ratios) == 0 {
		return s
	}
	slices.Sort(ratios)
	s.Median = ratios[len(ratios)/2]
	if len(ratios)%2 == 0 {
		s.Median = (ratios[len(ratios)/2-1] + ratios[len(ratios)/2]) / 2
	}
	s.GatewayRPS = float64(s.GatewayRequests) / gwTime.Seconds()
	s.BareRPS = float64(s.BareRequests) / bareTime.Seconds()
	if s.GatewayRequests > 0 && s.BareRequests > 0 {
		s.GatewayCPU = gwCPU / time.Duration(s.GatewayRequests)
		s.BareCPU = bareCPU / time.Duration(s.BareRequests)
	}
	return s
}
