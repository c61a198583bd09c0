package hookhttp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
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

// ServeHTTP answers one hook payload.
func (g *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	wire := header(r.Header, HeaderWire)
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
	if optErr == nil && req.Host != "" {
		// Found once: the core takes the adapter given rather than
		// looking for it again.
		if req.Adapter = find(g.Adapters, req.Host); req.Adapter == nil {
			optErr = unknownHost(g.Adapters, req.Host)
		}
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
		x.ctx = g.shed.join(&x.shedCtx, x.ctx, g)
		defer x.shedCtx.done()
	}
	if g.OnRecord != nil || g.logger().Enabled(x.ctx, slog.LevelInfo) {
		x.checks = &x.checkLog
		req.Checks = x.checks // the handler's context carries it
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
	var res hooks.Result // the answer given on time (on this frame, not in x)
	x.decide(&srv, req, !busy, &res)
	if !x.logged {
		// Logged here, on a shallower stack than the answer's (slog's
		// frames are deep).
		g.record(x.ctx, x.a, &res, x.status, x, x.checks)
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
	// The status of an answer given on time, for ServeHTTP to log with
	// the answer (which decide leaves in ServeHTTP's frame); a late one is
	// logged when it is given, as its handler may never return.
	status int
	logged bool
	// ctx is the request's context, with a hooks.CheckLog (checks) when
	// the decision is logged.
	ctx      context.Context
	checks   *hooks.CheckLog
	checkLog hooks.CheckLog // what checks points to, when it is set
	shedCtx  shedCtx        // ctx's own, with MaxHeap (Handler.shed)
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
func (x *exchange) respond(res *hooks.Result, late bool) {
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
	x.status = status
}

// decide answers the payload through respond, exactly once, with
// hooks.Server.Answer, and gives the request's place back (g.release),
// when it holds one, once the handler has returned. The handler runs on this goroutine under a watchdog at
// its deadline (Inline), or, where a late answer could not end before
// ServeHTTP returns, on a goroutine of its own whose context ends when
// the answer is given. No panic escapes.
func (x *exchange) decide(srv *hooks.Server, req hooks.Request, held bool, res *hooks.Result) {
	srv.Inline = true
	if x.r.ProtoMajor >= 2 || !canFlush(x.w) {
		// A late answer could not be completed before the handler
		// returns: HTTP/2 ends a response's stream only when ServeHTTP
		// returns, and a writer that cannot flush holds the answer back.
		*res = x.g.detached(x.ctx, *srv, req, held)
		x.respond(res, false)
		return
	}
	if held {
		defer x.g.release(&x.run)
	}
	defer x.recoverPanic(res)
	req.Late = x.late
	*res = srv.Answer(x.ctx, req)
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
	x.respond(&res, true)
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
func (x *exchange) recoverPanic(res *hooks.Result) {
	p := recover()
	if p == nil {
		return
	}
	if !x.answered.Load() {
		*res = x.g.panicked(x.r.Context(), x.a, p)
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
