package hookhttp

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/agenthooks/hooks"
)

// Handler is the gateway: an http.Handler that answers hook payloads of
// any host with Handlers, as a command hook would (see the package
// documentation for the wire). Set the fields before serving; Handler is
// then safe for concurrent use and holds no per-request state.
//
//	gw := &hookhttp.Handler{
//		Adapters: builtin.Adapters(),
//		Handlers: policy,
//		Auth:     hookhttp.Bearer(os.Getenv("HOOKS_GATEWAY_TOKEN")),
//	}
//	mux.Handle("POST /hook", gw)
type Handler struct {
	// Adapters are the hosts the gateway answers (builtin.Adapters()).
	Adapters []hooks.Adapter
	// Handlers is the policy, exactly as for a command hook. Its Fail
	// policy answers what cannot be decided (oversize or invalid body,
	// unknown host, handler error, panic or timeout), MaxInput caps the
	// request body (default hooks.DefaultMaxInput) and Timeout bounds a
	// handler (see also HeaderTimeout).
	Handlers hooks.Handlers
	// Auth, when set, authenticates each request before its body is read;
	// an error is answered 401 and its text is not sent. See Bearer.
	Auth func(*http.Request) error
	// Identify, when set, authenticates each request after Auth and names
	// the developer who sent it: the name is the record's User, and
	// Rate's key. An error is answered 401, as Auth's. See [Tokens].
	Identify func(*http.Request) (string, error)
	// Rate, when set, limits each developer's requests (see [RateLimit]):
	// past it a request gets the fail policy at once ([ErrRate]).
	Rate *RateLimit
	// Logger receives one record per request (nil: JSON lines on
	// stderr through a [LogWriter], which never blocks a request, by
	// [JSONLogger], which writes these records without
	// slog's per-attribute work): the keys of a hook's decision log (host, event, tool,
	// decision, sent, reason, observe, fail, duration_ms…), the checks the
	// policy reported (hooks.ReportCheck: name, decision, duration_ms),
	// and status and wire. Use slog.New(slog.DiscardHandler) for none.
	Logger *slog.Logger
	// LogCommands adds the tool call's command and paths and the
	// answer's reason (each cut to hooks.MaxRecordText bytes) to each
	// record. They are, or may quote, the model's text, which may hold
	// secrets: by default a gateway's log carries no payload content.
	LogCommands bool
	// OnRecord, when set, receives every request's record once its answer
	// is written: the record Logger logs (Command, Paths and Reason only
	// with LogCommands), with the HTTP status and wire. It is called on
	// the request's goroutine (or the watchdog's, for an answer given at
	// the deadline), concurrently for concurrent requests, and its time
	// counts against the request's: an exporter queues and returns (see
	// package hookhttp/otelexport, which sends records over OTLP).
	OnRecord func(context.Context, RequestRecord)
	// MaxInFlight caps the requests being answered at once (0:
	// [DefaultMaxInFlight]; negative: no cap). A request holds its place
	// from the read of its body until its handler returns, also when the
	// handler overran its deadline and its answer was sent: a handler
	// that ignores its context cannot pile up. A request past the cap is
	// answered at once with the fail policy (see [ErrBusy]), its body read
	// only up to [BusyPeek] bytes to render the answer for its event.
	MaxInFlight int
	// MaxHeap, when not 0, refuses new requests as MaxInFlight does
	// (the fail policy at once, [ErrHeap]) while the Go heap holds more
	// than MaxHeap bytes of objects (runtime/metrics
	// "/memory/classes/heap/objects:bytes", read at most every 10 ms),
	// and acts on the work in flight too: while requests are being
	// answered the heap is read every 10 ms, and when it is over, the
	// context of every handler running is cancelled with [ErrHeap] as
	// its cause, so that a policy that heeds its context returns (a
	// handler that returns after its context ended did not answer in
	// time: a tool call then gets Handlers.Unchecked's answer, else the
	// fail policy). A handler's own memory cannot be capped in Go; this
	// keeps heavy work (many large tool calls at once) from growing the
	// heap without end. Pair it with a soft memory limit
	// (debug.SetMemoryLimit, GOMEMLIMIT) of about the same size, so that
	// garbage is collected before it counts.
	MaxHeap uint64
	// MaxOverdue caps the handlers still running [OverdueGrace] past
	// their deadline, whose answer the fail policy gave (0:
	// [DefaultMaxOverdue]; negative: no cap). While that many run, new requests get the fail
	// policy at once ([ErrOverdue]): a handler that ignores its context
	// keeps its CPU and memory until it returns, and requests that make
	// handlers overrun cannot pile them up.
	MaxOverdue int

	inFlight atomic.Int64 // requests holding a place (MaxInFlight)
	overdue  atomic.Int64 // of them, handlers past their deadline
	heapAt   atomic.Int64 // when the heap was last read (unix ns)
	heapOver atomic.Bool  // it held more than MaxHeap then
	shed     shedder      // the handlers running, for MaxHeap
}

// DefaultMaxInFlight is Handler.MaxInFlight when 0. With the default
// body cap (hooks.DefaultMaxInput, 8 MiB) the bodies held at once stay
// under 512 MiB.
const DefaultMaxInFlight = 64

// BusyPeek is how much of the body of a request past Handler.MaxInFlight
// is read to answer it for its event: an ordinary event fits; a larger
// one is answered as an unknown event of its host (a block under
// fail-closed).
const BusyPeek = 64 << 10

// ErrBusy is why a request past Handler.MaxInFlight gets the fail policy
// (or, for a tool call to judge, Handlers.Unchecked's answer: it wraps
// hooks.ErrOverload, as ErrOverdue and ErrHeap do).
var ErrBusy error = overload("gateway busy: too many requests in flight (Handler.MaxInFlight)")

// overload is an error of work refused for its load: it wraps
// hooks.ErrOverload, so that a tool call to judge gets
// Handlers.Unchecked's answer (the model controls how many calls it
// makes and how large they are).
type overload string

func (e overload) Error() string { return string(e) }

// Is reports whether target is hooks.ErrOverload.
func (e overload) Is(target error) bool { return target == hooks.ErrOverload }

// DefaultMaxOverdue is Handler.MaxOverdue when 0.
const DefaultMaxOverdue = 4

// OverdueGrace is how long past its deadline a handler may run before it
// counts against Handler.MaxOverdue: one that checks its context returns
// well within it.
const OverdueGrace = 100 * time.Millisecond

// overrun is one handler's state for MaxOverdue.
type overrun struct{ state atomic.Int32 }

// The states of an overrun.
const (
	running  = iota
	late     // past its deadline, within OverdueGrace
	counted  // past OverdueGrace: counted in Handler.overdue
	returned // the handler returned
)

// ErrOverdue is why a request gets the fail policy while
// Handler.MaxOverdue handlers run past their deadline.
var ErrOverdue error = overload("gateway busy: too many handlers running past their deadline (Handler.MaxOverdue)")

// ErrHeap is why a request gets the fail policy while the heap holds more
// than Handler.MaxHeap.
var ErrHeap error = overload("gateway busy: heap over its limit (Handler.MaxHeap)")

// heapEvery is how often MaxHeap's check reads the heap's size.
const heapEvery = 10 * time.Millisecond

// heapFull reports whether the heap held more than MaxHeap when last
// read, reading it again when that is heapEvery old.
func (g *Handler) heapFull(now time.Time) bool {
	t := now.UnixNano()
	last := g.heapAt.Load()
	if t-last >= int64(heapEvery) && g.heapAt.CompareAndSwap(last, t) {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		metrics.Read(s)
		g.heapOver.Store(s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() > g.MaxHeap)
	}
	return g.heapOver.Load()
}

// admit takes a place for a request of user, or says why there is none.
func (g *Handler) admit(now time.Time, user string) error {
	if !g.Rate.Allow(user, now) {
		return ErrRate
	}
	if g.MaxHeap > 0 && g.heapFull(now) {
		return ErrHeap
	}
	if limit := int64(g.MaxOverdue); limit >= 0 && g.overdue.Load() >= cmp.Or(limit, DefaultMaxOverdue) {
		return ErrOverdue
	}
	if !g.acquire() {
		return ErrBusy
	}
	return nil
}

// acquire takes a place for a request, or reports that there is none.
func (g *Handler) acquire() bool {
	limit := int64(g.MaxInFlight)
	if limit == 0 {
		limit = DefaultMaxInFlight
	}
	if limit < 0 {
		return true
	}
	if g.inFlight.Add(1) > limit {
		g.inFlight.Add(-1)
		return false
	}
	return true
}

// release gives a place back, once its handler has returned; o, when not
// nil, is the handler's overrun state.
func (g *Handler) release(o *overrun) {
	if o != nil && o.state.Swap(returned) == counted {
		g.overdue.Add(-1)
	}
	if g.MaxInFlight >= 0 {
		g.inFlight.Add(-1)
	}
}

// overran notes that the handler of o passed its deadline: it counts in
// g.overdue from OverdueGrace on, until release.
func (g *Handler) overran(o *overrun) {
	if !o.state.CompareAndSwap(running, late) {
		return
	}
	time.AfterFunc(OverdueGrace, func() {
		if o.state.CompareAndSwap(late, counted) {
			g.overdue.Add(1)
		}
	})
}

// InFlight returns the number of requests holding a place: being read or
// answered, or whose handler has not returned yet.
func (g *Handler) InFlight() int { return int(g.inFlight.Load()) }

// ServeHTTP answers one hook payload.
func (g *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	wire := r.Header.Get(HeaderWire)
	envelope := wire == WireEnvelope
	switch {
	case r.Method != http.MethodPost:
		w.Header().Set("Allow", http.MethodPost)
		g.refuse(w, r, start, http.StatusMethodNotAllowed, "method not allowed", "")
		return
	case wire != "" && !envelope:
		g.refuse(w, r, start, http.StatusBadRequest, "unsupported "+HeaderWire, "")
		return
	}
	if g.Auth != nil {
		if err := g.Auth(r); err != nil {
			w.Header().Set("WWW-Authenticate", `Bearer realm="hooks"`)
			g.refuse(w, r, start, http.StatusUnauthorized, "unauthorized", "")
			return
		}
	}
	var user string
	if g.Identify != nil {
		u, err := g.Identify(r)
		if err != nil {
			w.Header().Set("WWW-Authenticate", `Bearer realm="hooks"`)
			g.refuse(w, r, start, http.StatusUnauthorized, "unauthorized", "")
			return
		}
		user = u
	}

	req, optErr := requestOptions(r)
	srv := hooks.Server{Adapters: g.Adapters, Handlers: g.Handlers}
	if optErr == nil && req.Host != "" && find(g.Adapters, req.Host) == nil {
		optErr = unknownHost(g.Adapters, req.Host)
	}
	if optErr != nil {
		// A configuration error (a host this gateway does not serve, or a
		// query and a header that disagree): answered as fail-closed
		// would, like every other bad argument of a hook.
		srv.Handlers.Fail = hooks.FailClosed
	}
	busyErr := g.admit(start, user)
	busy := busyErr != nil
	if busy {
		srv.Handlers.MaxInput = BusyPeek
	}
	x := &exchange{g: g, w: w, r: r, envelope: envelope, start: start, ctx: r.Context(), user: user}
	if !busy && g.MaxHeap > 0 {
		var done func()
		x.ctx, done = g.shed.join(x.ctx, g)
		defer done()
	}
	if g.OnRecord != nil || g.logger().Enabled(x.ctx, slog.LevelInfo) {
		x.ctx, x.checks = hooks.WithCheckLog(x.ctx)
	}
	// The core's bounded read, as for a command hook's stdin: at most
	// Handlers.MaxInput bytes, an oversize body an error wrapping
	// hooks.ErrTooLarge (answered with the fail policy, by the core).
	x.body = body{r.Body, r.ContentLength}
	payload, err := srv.Read(&x.body)
	if err != nil && !errors.Is(err, hooks.ErrTooLarge) {
		if !busy {
			g.release(nil)
		}
		// The client went away or was too slow: there is no one to answer.
		g.refuse(w, r, start, http.StatusBadRequest, "cannot read the request body", user)
		return
	}
	// Too large: payload holds the members read before the cap, so that
	// the core gives a tool call to judge to its handler with
	// Tool.InputErr (and answers anything else with the fail policy).
	switch {
	case busy:
		err = busyErr
	case err == nil:
		err = optErr
	}
	req.Payload, req.Err = payload, err
	if busy {
		srv.Handlers.MaxInput = g.Handlers.MaxInput
	}
	x.decide(&srv, req, !busy)
	if !x.logged {
		// Logged here, on a shallower stack than the answer's (slog's
		// frames are deep).
		g.record(x.ctx, x.a, x.res, x.status, x, x.checks)
	}
}

// unknownHost is the error for a host the gateway does not serve, as the
// core words it.
func unknownHost(adapters []hooks.Adapter, host hooks.Host) error {
	names := make([]string, len(adapters))
	for i, a := range adapters {
		names[i] = string(a.Host())
	}
	return fmt.Errorf("%w: unknown host %q (known: %s)", hooks.ErrNoHost, host, strings.Join(names, ", "))
}

// exchange is one request being answered.
type exchange struct {
	g        *Handler
	w        http.ResponseWriter
	r        *http.Request
	envelope bool
	start    time.Time
	user     string        // who sent it (Handler.Identify)
	body     body          // the request's body, for Server.Read
	a        hooks.Adapter // the payload's host, once known
	answered atomic.Bool   // respond was called
	run      overrun       // the handler's state, for MaxOverdue
	// An answer given on time, for ServeHTTP to log; a late one is
	// logged when it is given, as its handler may never return.
	res    hooks.Result
	status int
	logged bool
	// ctx is the request's context, with a hooks.CheckLog (checks) when
	// the decision is logged.
	ctx    context.Context
	checks *hooks.CheckLog
}

// body is a request body whose Len is its declared length, so that
// hooks.Server.Read reads a body of that length into one buffer of its
// size, and refuses a body declared over the cap unread.
type body struct {
	io.Reader
	n int64 // the Content-Length, or -1
}

// Len returns the declared length, or -1 when unknown.
func (b *body) Len() int {
	if b.n < 0 || int64(int(b.n)) != b.n {
		return -1
	}
	return int(b.n)
}

// respond writes the answer; decide calls it exactly once.
func (x *exchange) respond(res hooks.Result, late bool) {
	x.answered.Store(true)
	x.a = res.Adapter
	if late {
		// The connection cannot serve another request until the handler
		// returns (late answers are HTTP/1: see decide).
		x.w.Header().Set("Connection", "close")
	}
	status := x.g.answer(x.w, res, x.envelope, late)
	if late {
		x.g.record(x.ctx, x.a, res, status, x, x.checks)
		x.logged = true
		return
	}
	x.res, x.status = res, status
}

// decide answers the payload through respond, exactly once, with
// hooks.Server.Answer, and gives the request's place back (g.release),
// when it holds one, once the handler has returned. The handler runs on this goroutine under a watchdog at
// its deadline (Inline), or, where a late answer could not end before
// ServeHTTP returns, on a goroutine of its own whose context ends when
// the answer is given. No panic escapes.
func (x *exchange) decide(srv *hooks.Server, req hooks.Request, held bool) {
	srv.Inline = true
	if x.r.ProtoMajor >= 2 || !canFlush(x.w) {
		// A late answer could not be completed before the handler
		// returns: HTTP/2 ends a response's stream only when ServeHTTP
		// returns, and a writer that cannot flush holds the answer back.
		x.respond(x.g.detached(x.ctx, *srv, req, held), false)
		return
	}
	if held {
		defer x.g.release(&x.run)
	}
	defer x.recoverPanic()
	req.Late = x.late
	res := srv.Answer(x.ctx, req)
	if !x.answered.Load() {
		x.respond(res, false)
	}
}

// detached answers req on a goroutine of its own and returns the first
// answer: the handler's, or the fail policy's at its deadline. The
// handler's context ends when detached returns; the place, when held, is
// given back once the handler has returned.
func (g *Handler) detached(ctx context.Context, srv hooks.Server, req hooks.Request, held bool) hooks.Result {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan hooks.Result, 2) // the late answer, then Answer's
	run := new(overrun)
	req.Late = func(res hooks.Result) {
		g.overran(run)
		results <- res
	}
	go func() {
		if held {
			defer g.release(run)
		}
		defer func() {
			if p := recover(); p != nil {
				results <- g.panicked(ctx, nil, p)
			}
		}()
		results <- srv.Answer(ctx, req)
	}()
	return <-results
}

// late is the watchdog's answer (Request.Late).
func (x *exchange) late(res hooks.Result) {
	x.g.overran(&x.run)
	x.respond(res, true)
}

// canFlush reports whether w, or a writer it wraps (Unwrap, as
// http.ResponseController finds them), can flush: net/http's own writers
// can, a middleware's wrapper may not.
func canFlush(w http.ResponseWriter) bool {
	for {
		switch t := w.(type) {
		case http.Flusher, interface{ FlushError() error }:
			return true
		case interface{ Unwrap() http.ResponseWriter }:
			w = t.Unwrap()
		default:
			return false
		}
	}
}

// recoverPanic turns an adapter's or detector's panic into the fail
// policy's answer (handler panics are recovered by hooks.Server).
func (x *exchange) recoverPanic() {
	p := recover()
	if p == nil {
		return
	}
	res := x.g.panicked(x.r.Context(), x.a, p)
	if !x.answered.Load() {
		x.respond(res, false)
	}
}

// panicked logs a panic of an adapter or detector and returns the fail
// policy's answer.
func (g *Handler) panicked(ctx context.Context, a hooks.Adapter, p any) hooks.Result {
	g.logger().LogAttrs(ctx, slog.LevelError, "hook panic", slog.String("host", string(hostOf(a))), slog.String("panic", fmt.Sprint(p)))
	srv := hooks.Server{Handlers: hooks.Handlers{Fail: g.Handlers.Fail}}
	return srv.Answer(ctx, hooks.Request{Err: errors.New("internal error in the gateway")})
}

// answer writes the decision and returns its status. A late answer (the
// handler is still running past its deadline) is flushed with its length
// at once.
func (g *Handler) answer(w http.ResponseWriter, res hooks.Result, envelope, late bool) int {
	status := http.StatusOK
	var body []byte
	hd := w.Header()
	if envelope {
		body = appendReply(make([]byte, 0, 128+len(res.Output.Stdout)), replyOf(res))
		hd[HeaderWire] = []string{WireEnvelope}
		hd["Content-Type"] = []string{"application/json"}
	} else {
		status, body = plainAnswer(res.Output)
		if len(body) > 0 {
			hd["Content-Type"] = []string{"application/json"}
		}
	}
	hd["Cache-Control"] = []string{"no-store"}
	if late {
		hd.Set("Content-Length", strconv.Itoa(len(body)))
	}
	w.WriteHeader(status)
	w.Write(body)
	if late {
		http.NewResponseController(w).Flush()
	}
	return status
}

// httpBlock is the top-level block of Claude Code's hook output, which it
// honours on every event: the HTTP form of exit code 2.
type httpBlock struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
}

// plainAnswer is the status and body for a plain HTTP caller (Claude Code):
// exit code 0 is 200 with stdout, exit code 2 is 200 with a JSON block, and
// any other exit code (a non-blocking error for a command hook) is 500.
func plainAnswer(out hooks.Output) (int, []byte) {
	switch out.ExitCode {
	case 0:
		return http.StatusOK, out.Stdout
	case 2:
		reason := oneLine(out.Stderr)
		if reason == "" {
			reason = "Blocked by hook"
		}
		b, _ := json.Marshal(httpBlock{Decision: "block", Reason: reason})
		return http.StatusOK, append(b, '\n')
	}
	return http.StatusInternalServerError, nil
}

// refuse answers a request that carries no decision, with a short text,
// and logs it with who sent it: user when known, else "unknown" and
// [TokenTag] of the bearer token it carried.
func (g *Handler) refuse(w http.ResponseWriter, r *http.Request, start time.Time, status int, msg, user string) {
	hd := w.Header()
	hd.Set("Content-Type", "text/plain; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	io.WriteString(w, msg+"\n")
	lg := g.logger()
	if !lg.Enabled(r.Context(), slog.LevelWarn) {
		return
	}
	who := slog.String("user", user)
	tag := slog.Attr{}
	if user == "" {
		who.Value = slog.StringValue("unknown")
		tag = slog.String("token", TokenTag(r.Header.Get("Authorization")))
	}
	lg.LogAttrs(r.Context(), slog.LevelWarn, "hook refused",
		slog.Int("status", status), slog.String("reason", msg), who, tag,
		slog.String("remote", r.RemoteAddr), slog.Duration("latency", time.Since(start)))
}

func (g *Handler) logger() *slog.Logger {
	if g.Logger != nil {
		return g.Logger
	}
	return defaultLogger
}

// defaultLogger writes JSON lines on stderr, through a LogWriter: a
// stderr that is not read cannot hold an answer.
var defaultLogger = JSONLogger(NewLogWriter(os.Stderr))

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func hostOf(a hooks.Adapter) hooks.Host {
	if a == nil {
		return ""
	}
	return a.Host()
}

// requestOptions reads the host and the caller's timeout from the query
// and the headers. Two different hosts are an error; an unreadable timeout
// is ignored (the adapter's default applies).
func requestOptions(r *http.Request) (hooks.Request, error) {
	qHost, qTimeout := queryValues(r.URL.RawQuery)
	host := qHost
	if h := r.Header.Get(HeaderHost); h != "" {
		if host != "" && host != h {
			return hooks.Request{}, fmt.Errorf("%w: the host query parameter and %s disagree", hooks.ErrNoHost, HeaderHost)
		}
		host = h
	}
	var timeout time.Duration
	for _, v := range [...]string{qTimeout, r.Header.Get(HeaderTimeout)} {
		if d := parseTimeout(v); d > 0 && (timeout == 0 || d < timeout) {
			timeout = d
		}
	}
	return hooks.Request{Host: hooks.Host(host), HostTimeout: timeout, Event: r.Header.Get(HeaderEvent)}, nil
}

// queryValues returns the first "host" and "timeout" values of a raw
// query, as url.ParseQuery would, without building the whole map.
func queryValues(raw string) (host, timeout string) {
	for raw != "" {
		var kv string
		kv, raw, _ = strings.Cut(raw, "&")
		if strings.Contains(kv, ";") {
			continue // url.ParseQuery rejects such pairs
		}
		k, v, _ := strings.Cut(kv, "=")
		k, v = unescape(k), unescape(v)
		switch {
		case k == "host" && host == "":
			host = v
		case k == "timeout" && timeout == "":
			timeout = v
		}
	}
	return host, timeout
}

func unescape(s string) string {
	if !strings.ContainsAny(s, "%+") {
		return s
	}
	u, err := url.QueryUnescape(s)
	if err != nil {
		return ""
	}
	return u
}

// parseTimeout reads a Go duration or a number of seconds; 0 if neither.
func parseTimeout(v string) time.Duration {
	if v == "" {
		return 0
	}
	// Seconds first: a number is what hosts' settings hold, and
	// time.ParseDuration's error for it costs an allocation.
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		if n > 0 && n < 1e6 {
			return time.Duration(n * float64(time.Second))
		}
		return 0
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	return 0
}
