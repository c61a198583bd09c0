// Command gateway is an example policy service: one HTTP endpoint that
// every developer's agent consults. Claude Code calls it directly (an HTTP
// hook); Cursor, Gemini CLI and Codex call it through the hook binary run
// with --gateway (see README.md). The policy denies shell commands that run
// `rm -rf` and writes to .env files.
//
//	HOOKS_GATEWAY_TOKEN=$(openssl rand -hex 32) go run ./examples/gateway -addr 127.0.0.1:8787
//
// Endpoints: POST /hook (the gateway) and GET /healthz. Every decision is
// logged as one JSON line on stderr (host, event, tool, decision, sent,
// checks, status, latency; never the payload or the token, and the
// command only with -log-commands). With -otlp-endpoint URL, or the
// standard OTEL_EXPORTER_OTLP_ENDPOINT in the environment, every decision
// is also sent to an OpenTelemetry collector as a span (package
// hookhttp/otelexport). With -observe the policy runs and is logged, but
// the hosts receive no opinion.
package main

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hookhttp/jwtauth"
	"github.com/agenthooks/hooks/hookhttp/otelexport"
	"github.com/agenthooks/hooks/policy"
	"go.opentelemetry.io/otel"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Getenv, os.Stderr)
	stop()
	os.Exit(code)
}

// config is what the flags and the environment say.
type config struct {
	addr     string
	token    string
	fail     hooks.FailPolicy
	timeout  time.Duration
	maxInput int64
	// maxInFlight caps the requests answered at once (see
	// hookhttp.Handler.MaxInFlight).
	maxInFlight int
	// maxHeap refuses new requests while the heap holds more (see
	// hookhttp.Handler.MaxHeap); it is also the soft memory limit.
	maxHeap int64
	// gcPercent is the GC's target (debug.SetGCPercent), unless GOGC is
	// set.
	gcPercent int
	// otlp is the OTLP/HTTP endpoint spans are sent to ("" and
	// otlpEnv false: none); otlpEnv says the environment names one.
	otlp    string
	otlpEnv bool
	// observe runs the policy without answering (Handlers.Observe);
	// logCommands logs and exports the command, paths and reason
	// (hookhttp.Handler.LogCommands).
	observe     bool
	logCommands bool
	// tokensFile names each developer's token (-tokens; "": the shared
	// token of -token-env); users is it loaded (by run, see company.go).
	// rate is each developer's requests a minute (-rate; 0: no limit).
	tokensFile string
	users      *hookhttp.Tokens
	rate       int
	// jwt is the identity provider's tokens (-jwks, -jwt-*; see
	// company.go); verifier is it made (by run), nil without -jwks.
	jwt      jwtFlags
	verifier *jwtauth.Verifier
	// tlsCert and tlsKey serve TLS (-tls-cert, -tls-key; reloaded on
	// rotation); clientCA asks every client for a certificate signed by
	// one of its authorities (-client-ca).
	tlsCert, tlsKey, clientCA string
	// policyFile is the central policy file (-policy; "": this machine's
	// managed and user files); local reads the project's file and
	// worktree at the path a request names (-local: a gateway on the
	// developer's machine).
	policyFile string
	local      bool
	// judge is the judge's settings (-judge-*, -cache); judger is it
	// made (by run), nil for none: "judge" rules take their judge_fail.
	judge  judgeFlags
	judger policy.Judger
}

func parse(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("gateway", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8787", "listen address")
	tokenEnv := fs.String("token-env", hookhttp.DefaultTokenEnv, "environment variable holding the bearer token clients must send")
	failOpen := fs.Bool("fail-open", false, "let actions go on when the policy cannot decide (default: block them)")
	timeout := fs.Duration("timeout", 5*time.Second, "time limit of one decision; keep it below the hosts' hook timeouts")
	maxInput := fs.Int64("max-input", hooks.DefaultMaxInput, "request body limit in bytes")
	maxInFlight := fs.Int("max-in-flight", hookhttp.DefaultMaxInFlight, "requests answered at once, a handler past its deadline counting until it returns; past it the fail policy answers at once")
	maxHeap := fs.Int64("max-heap", 1<<30, "bytes of heap past which new requests get the fail policy at once; also the soft memory limit (0: neither)")
	gcPercent := fs.Int("gc-percent", 400, "the garbage collector's target: the heap grows by this percentage of what is live before a collection (Go's default is 100; GOGC in the environment wins)")
	otlp := fs.String("otlp-endpoint", "", "OpenTelemetry collector's OTLP/HTTP URL (e.g. http://127.0.0.1:4318): send every decision there as a span (default: OTEL_EXPORTER_OTLP_ENDPOINT, if set)")
	observe := fs.Bool("observe", false, "run and log the policy, but send the hosts no opinion")
	logCommands := fs.Bool("log-commands", false, "log and export the command, paths and reason of each decision (the model's text: may hold secrets)")
	tokensFile := fs.String("tokens", "", "file of one developer per line, NAME SHA256HEX (the hex SHA-256 of their token), read again on change; replaces -token-env")
	rate := fs.Int("rate", 0, "requests a minute each developer may send (0: no limit; with -token-env's shared token, everyone shares one bucket); past it the policy's unchecked answer or the fail policy answers")
	tlsCert := fs.String("tls-cert", "", "serve HTTPS with this certificate (PEM, with its chain), read again on rotation")
	tlsKey := fs.String("tls-key", "", "the private key of -tls-cert (PEM)")
	clientCA := fs.String("client-ca", "", "require a client certificate signed by one of these authorities (PEM); needs -tls-cert")
	policyFile := fs.String("policy", "", "the company's policy file (TOML, package policy), read again on change; a broken change keeps the last good version (default: this machine's managed and user policy files)")
	local := fs.Bool("local", false, "a gateway on the developer's own machine: read the policy file and the worktree state of the project a request names, as the hook does (default: a central gateway, which reads neither)")
	var jw jwtFlags
	fs.StringVar(&jw.jwks, "jwks", "", "the company's identity provider's key set (JWKS) URL: also accept a JWT it signed, naming the developer (needs -jwt-issuer and -jwt-audience)")
	fs.StringVar(&jw.issuer, "jwt-issuer", "", "the iss claim every JWT must carry (with -jwks)")
	fs.StringVar(&jw.audience, "jwt-audience", "", "a value the aud claim of every JWT must hold (with -jwks)")
	fs.StringVar(&jw.userClaim, "jwt-user-claim", "sub", "the JWT claim that names the developer (e.g. email)")
	var jf judgeFlags
	fs.StringVar(&jf.url, "judge-url", "", "base URL of the model API that judges the policy's \"judge\" rules (OpenAI-compatible chat completions, or with -judge-format anthropic the Messages API)")
	fs.StringVar(&jf.format, "judge-format", "openai", "the judge API's wire: openai or anthropic")
	fs.StringVar(&jf.model, "judge-model", "", "the model the judge asks")
	fs.StringVar(&jf.keyEnv, "judge-key-env", "JUDGE_API_KEY", "environment variable holding the judge API's key")
	fs.DurationVar(&jf.timeout, "judge-timeout", 2*time.Second, "time one judgement may take, the cache included (at most half of -timeout); past it the rule's judge_fail answers")
	fs.StringVar(&jf.cache, "cache", "", "where verdicts are kept: redis://HOST:PORT shares them between gateways (default: this gateway's memory)")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	c := config{addr: *addr, token: getenv(*tokenEnv), fail: hooks.FailClosed, timeout: *timeout, maxInput: *maxInput, maxInFlight: *maxInFlight, maxHeap: *maxHeap,
		otlp: *otlp, otlpEnv: otelexport.Configured(getenv), observe: *observe, logCommands: *logCommands}
	if *failOpen {
		c.fail = hooks.FailOpen
	}
	c.tokensFile, c.rate, c.tlsCert, c.tlsKey, c.clientCA = *tokensFile, *rate, *tlsCert, *tlsKey, *clientCA
	c.policyFile, c.local, c.judge, c.jwt = *policyFile, *local, jf, jw
	c.gcPercent = *gcPercent
	if c.gcPercent <= 0 {
		return config{}, errors.New("-gc-percent must be positive")
	}
	if c.policyFile != "" && c.local {
		return config{}, errors.New("-policy and -local: a central file, or each project's own; give one")
	}
	if err := checkCompany(&c); err != nil {
		return config{}, err
	}
	if c.token == "" && c.tokensFile == "" && c.jwt.jwks == "" {
		return config{}, fmt.Errorf("set %s to the bearer token clients must send (e.g. openssl rand -hex 32), or give -tokens FILE or -jwks URL", *tokenEnv)
	}
	if c.timeout <= 0 {
		return config{}, errors.New("-timeout must be positive")
	}
	if c.maxInFlight <= 0 {
		return config{}, errors.New("-max-in-flight must be positive")
	}
	if c.maxHeap < 0 {
		return config{}, errors.New("-max-heap must not be negative")
	}
	if c.maxInput <= 0 {
		return config{}, errors.New("-max-input must be positive")
	}
	if c.otlp != "" {
		if u, err := url.Parse(c.otlp); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return config{}, fmt.Errorf("-otlp-endpoint %q: want an http or https URL such as http://127.0.0.1:4318", c.otlp)
		}
	}
	return c, nil
}

// newMux is the service: the gateway on POST /hook and a health check.
// onRecord, when not nil, receives every request's record.
func newMux(c config, logger *slog.Logger, onRecord func(context.Context, hookhttp.RequestRecord)) *http.ServeMux {
	h, policyVersion := handlersFor(c, logger)
	h.Timeout = c.timeout
	h.MaxInput = c.maxInput
	h.Observe = c.observe
	mux := http.NewServeMux()
	gw := &hookhttp.Handler{
		Adapters:    builtin.Adapters(),
		Handlers:    h,
		Logger:      logger,
		LogCommands: c.logCommands,
		OnRecord:    onRecord,
		MaxInFlight: c.maxInFlight,
		MaxHeap:     uint64(c.maxHeap),
	}
	identify(gw, c)
	mux.Handle("POST /hook", gw)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		io.WriteString(w, "ok\npolicy "+policyVersion()+"\n")
	})
	return mux
}

func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	c, err := parse(args, getenv, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "gateway:", err)
		return 2
	}
	// slog's JSON handler, with the gateway's records written by hand,
	// queued so that a stderr nobody reads cannot hold an answer. From
	// here on every line for stderr goes through lw: one goroutine writes
	// stderr, in order.
	lw := hookhttp.NewLogWriter(stderr)
	defer lw.Flush(5 * time.Second)
	logger := hookhttp.JSONLogger(lw)
	if getenv("GOGC") == "" {
		// A gateway's live heap is a few MB: collecting it less often
		// cuts the GC's share of each request's CPU (BENCHMARKS.md).
		debug.SetGCPercent(c.gcPercent)
	}
	if c.maxHeap > 0 {
		// The GC works harder near the limit, so that garbage does not
		// count against MaxHeap.
		debug.SetMemoryLimit(c.maxHeap)
	}
	var onRecord func(context.Context, hookhttp.RequestRecord)
	if c.otlp != "" || c.otlpEnv {
		exp, err := otelexport.New(ctx, otelexport.Options{Endpoint: c.otlp, ServiceVersion: version()})
		if err != nil {
			fmt.Fprintln(lw, "gateway:", err)
			return 2
		}
		// The SDK's export errors (a collector down) go to the log,
		// never into an answer.
		otel.SetErrorHandler(otel.ErrorHandlerFunc(func(err error) { logger.Warn("otlp export", "err", err.Error()) }))
		onRecord = exp.Record
		defer func() {
			// What is queued is sent before the gateway exits.
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := exp.Shutdown(sctx); err != nil {
				logger.Warn("otlp export", "err", err.Error())
			}
		}()
	}
	if err := loadCompany(ctx, &c, logger); err != nil {
		fmt.Fprintln(lw, "gateway:", err)
		return 2
	}
	j, closeJudge, err := newJudge(ctx, c.judge, getenv, c.timeout)
	if err != nil {
		fmt.Fprintln(lw, "gateway:", err)
		return 2
	}
	defer closeJudge()
	c.judger = j
	tlsConfig, err := serverTLS(c, logger)
	if err != nil {
		fmt.Fprintln(lw, "gateway:", err)
		return 2
	}
	srv := hookhttp.NewServer(c.addr, newMux(c, logger, onRecord), c.timeout)
	// net/http's own errors (refused TLS handshakes) as JSON lines too.
	srv.ErrorLog = slog.NewLogLogger(logger.Handler(), slog.LevelWarn)
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		fmt.Fprintln(lw, "gateway:", err)
		return 1
	}
	if tlsConfig != nil {
		ln = tls.NewListener(ln, tlsConfig)
	}
	logger.Info("gateway listening", "addr", ln.Addr().String(), "fail", c.fail.String(), "timeout", c.timeout, "max_in_flight", c.maxInFlight, "max_heap", c.maxHeap,
		"observe", c.observe, "otlp", onRecord != nil, "tls", tlsConfig != nil, "client_certs", c.clientCA != "", "tokens", c.users != nil, "jwks", c.jwt.jwks, "rate", c.rate,
		"policy", cmp.Or(c.policyFile, "managed and user files"), "local", c.local, "judge", c.judger != nil)
	// Until SIGINT or SIGTERM; then a graceful stop: new connections are
	// refused, every request sent on an open one is answered.
	if err := hookhttp.Serve(ctx, srv, ln); err != nil {
		fmt.Fprintln(lw, "gateway:", err)
		return 1
	}
	logger.Info("gateway stopped")
	return 0
}

// version is the gateway's module version, as the build recorded it.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return ""
}
