package hooks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/agenthooks/hooks/internal/failline"
)

// DefaultMaxInput is the payload size cap when Handlers.MaxInput is 0.
const DefaultMaxInput = 8 << 20

// A Server answers hook events with Handlers, in the dialect of the host
// that sent each one. Set its fields, then call [Server.Serve] for a
// process's streams or [Server.Answer] for one payload; a Server holds no
// per-call state and is safe for concurrent use.
//
// For each payload it picks the adapter ([Request.Host], else [Detect]),
// parses, calls the handler under its deadline (panics recovered), fits
// the response to what the host honours ([Fit]) and serializes it. Any
// failure is answered with the fail policy, Handlers.Fail.
type Server struct {
	// Adapters are the hosts the server answers (builtin.Adapters()).
	Adapters []Adapter
	// Handlers is the policy: the handlers, the fail policy (Fail), the
	// handler's time limit (Timeout) and the payload size cap (MaxInput).
	Handlers Handlers
	// Inline and Exit are for transports (hookmain, hookhttp), which set
	// them; a policy author should not need them.
	//
	// Inline runs the handler on the calling goroutine under a watchdog
	// timer that answers with the fail policy when the handler's deadline
	// passes first. It saves the hand-off to a handler goroutine, the main
	// cost of an event otherwise, but the call returns only once the
	// handler does (see [Request.Late] and Exit). Without Inline the
	// handler runs on a goroutine of its own, and the answer is given at
	// the deadline whether it returns or not.
	Inline bool
	// Exit, with Inline, is called by Serve with the exit code after the
	// watchdog has written a late answer: a hook process passes os.Exit,
	// so that a handler that never returns cannot keep the host waiting.
	Exit func(code int)
}

// A Request is one payload to answer and what its caller knows of it
// (from the command line or an HTTP request).
type Request struct {
	// Payload is the host's JSON event ([Server.Serve] reads it from stdin).
	Payload []byte
	// Adapter, when set, is the payload's host; otherwise Host names it,
	// and otherwise it is detected among Server.Adapters.
	Adapter Adapter
	// Host names the adapter to use (--host); detection is skipped. A
	// name none of Server.Adapters has is a configuration error, answered
	// as fail-closed would (in the dialect of the host detected, if any).
	Host Host
	// Event is the native event's name, for a host whose payload does not
	// carry it (--event): the adapter must implement [EventParser], and
	// when it does not, the request is answered as fail-closed would (a
	// configuration error).
	Event string
	// HostTimeout is the host's time limit for this hook as configured
	// (--timeout); 0 means the adapter's default.
	HostTimeout time.Duration
	// Err, when set, is answered with the fail policy without calling the
	// handler: a transport's own failure (an unreadable request, an
	// unreachable gateway) or a configuration error. The payload is
	// parsed when it can be, so that the answer fits its event.
	Err error
	// cut is the error of a payload over the size cap, of which Payload
	// holds the members read before it (see [Server.Read]).
	cut error
	// Late is for transports, with [Server.Inline]; a policy author should
	// not need it. It is called on the watchdog's goroutine with
	// the fail policy's answer when the handler's deadline passes first;
	// Answer then returns that same Result once the handler returns, and
	// Late has returned before. A transport writes the answer in Late and
	// not again.
	Late func(Result)
}

// EventParser is implemented by adapters whose host can run a command per
// native event with a payload that does not name the event (Copilot CLI's
// camelCase events): the name comes from the command line, --event NAME,
// as [Request.Event].
type EventParser interface {
	// ParseEvent is Parse for a payload of the native event named.
	ParseEvent(native string, payload []byte) (Event, error)
}

// Serve answers one hook invocation on a process's streams: it reads the
// payload from stdin (at most Handlers.MaxInput bytes), answers it as
// [Server.Answer] does and writes the host's answer: warnings and errors
// on stderr (one line each), the answer on stdout. It returns the exit
// code, and never calls os.Exit (only Exit, see [Server.Exit]) or panics
// because of the payload or a handler. req.Payload is ignored.
//
// One deadline bounds the whole invocation, reading stdin included: 90%
// of the host's time limit (req.HostTimeout, else the adapter's, else the
// shortest of Server.Adapters'). A stdin that has not ended by then (held
// open or dripping, a host's bug) is answered with the fail policy, and
// the handler's own deadline is never later. Reading goes on in the
// background until stdin ends; a hook process exits anyway. With Inline
// and Exit (a hook process) stdin is read on the calling goroutine and a
// watchdog answers and calls Exit at the deadline; when Exit returns (a
// test's), Serve returns once reading has ended, without answering again.
//
// An answer that cannot be written whole (a closed stdout) is reported on
// stderr, and the exit code is not 0: 2, the block every host reads, when
// the answer blocked or the fail policy is closed, else 1.
//
// With Exit set (a hook process), the answer's write and
// Handlers.OnResult are bounded too: a host that stops reading stdout or
// stderr (a full pipe), or an observer that does not return (a decision
// log that blocks), gets one stderr line and Exit at 95% of the host's
// limit, halfway between the deadline and the host's kill. The code is
// the answer's when it was written (it stands), else that of an answer
// not written.
func (s *Server) Serve(ctx context.Context, req Request, stdin io.Reader, stdout, stderr io.Writer) int {
	var ob *observation
	if s.Handlers.OnResult != nil {
		ob = &observation{start: time.Now()}
		ctx, ob.checks = WithCheckLog(ctx)
	}
	limit := s.serveLimit(&req)
	var exitBy time.Time
	if s.Exit != nil {
		// Past the deadline, the answer's write and the observer have
		// until halfway to the host's own limit (95% of it).
		if ob != nil {
			exitBy = ob.start.Add(limit + limit/18)
		} else {
			exitBy = time.Now().Add(limit + limit/18)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	var err error
	if s.Inline && s.Exit != nil {
		var code int
		var late bool
		req.Payload, code, late, err = s.readWatched(ctx, stdin, s.stdinLate(ctx, req, ob, exitBy, stdout, stderr))
		if late {
			return code // answered, and Exit called, by the watchdog
		}
	} else {
		req.Payload, err = s.ReadContext(ctx, stdin)
	}
	if ob != nil {
		ob.read = time.Now()
	}
	if err != nil {
		if req.Err == nil {
			req.Err = err
		}
		if !errors.Is(err, ErrTooLarge) {
			req.Payload = nil // else the members before the cap (see Read)
		}
	}
	if !s.Inline {
		return s.writeObserved(s.Answer(ctx, req), ob, exitBy, stdout, stderr)
	}
	late := false
	req.Late = func(res Result) {
		late = true
		code := s.writeObserved(res, ob, exitBy, stdout, stderr)
		if s.Exit != nil {
			s.Exit(code)
		}
	}
	res := s.Answer(ctx, req)
	if late {
		return res.Output.ExitCode
	}
	return s.writeObserved(res, ob, exitBy, stdout, stderr)
}

// observation is what Serve keeps for the record of an event when
// Handlers.OnResult is set: when the event's reading started and ended
// (zero: it never ended), and the checks the policy reported.
type observation struct {
	start, read time.Time
	checks      *CheckLog
}

// writeObserved writes res, then gives its record to Handlers.OnResult
// when set (ob is not nil). With Exit and exitBy set (a hook process), an
// exit guard bounds both: a write the host does not read (a full stdout
// or stderr pipe) or an observer that does not return (a decision log
// that blocks) gets one stderr line and Exit at exitBy (see exitGuard).
func (s *Server) writeObserved(res Result, ob *observation, exitBy time.Time, stdout, stderr io.Writer) int {
	var g *exitGuard
	if s.Exit != nil && !exitBy.IsZero() {
		g = s.guardExit(exitBy, res, stderr)
	}
	code := s.write(res, stdout, stderr)
	if ob != nil {
		g.written(code)
		r := res.Record(ob.start)
		r.ExitCode, r.Checks = code, ob.checks.Checks()
		r.Stdin = r.Duration
		if !ob.read.IsZero() {
			r.Stdin = ob.read.Sub(ob.start)
		}
		s.Handlers.OnResult(r)
	}
	g.stop()
	return code
}

// serveLimit is the time Serve has for req, from its start: 90% of the
// host's limit, as the handler's budget is (without Handlers.Timeout,
// which bounds the handler alone).
func (s *Server) serveLimit(req *Request) time.Duration {
	host := req.HostTimeout
	if host <= 0 {
		a := req.Adapter
		if a == nil {
			a = find(s.Adapters, req.Host)
		}
		if a != nil {
			host = a.Timeout()
		} else {
			for _, a := range s.Adapters {
				if t := a.Timeout(); t > 0 && (host <= 0 || t < host) {
					host = t
				}
			}
		}
	}
	if host <= 0 {
		host = defaultHostTimeout
	}
	return host * 9 / 10
}

// defaultHostTimeout is the host's time limit Serve assumes when neither
// the request nor an adapter states one.
const defaultHostTimeout = 60 * time.Second

// ReadContext is [Server.Read] under ctx: when ctx is done before stdin
// ends, it gives up with an error wrapping [ErrStdinTimeout]. A reader
// that states its length (bytes.Reader, strings.Reader) cannot block and
// is read directly; anything else (a pipe) is read on a goroutine, which
// a stdin that never ends leaves behind (a hook process exits anyway).
func (s *Server) ReadContext(ctx context.Context, stdin io.Reader) ([]byte, error) {
	if hasLen(stdin) {
		return s.Read(stdin)
	}
	type read struct {
		b   []byte
		err error
	}
	done := make(chan read, 1)
	go func() {
		b, err := s.Read(stdin)
		done <- read{b, err}
	}()
	select {
	case r := <-done:
		return r.b, r.err
	case <-ctx.Done():
		return nil, stdinTimeout(ctx)
	}
}

// readWatched is ReadContext for a hook process (Inline with Exit): stdin
// is read on the calling goroutine, which saves starting a goroutine and
// the hand-off, and a watchdog calls timedOut when ctx is done first;
// timedOut answers, writes and calls Exit, and returns the exit code. A
// timedOut that returns (a test's Exit) leaves readWatched to return once
// reading does, with late true and that code: the answer is given.
func (s *Server) readWatched(ctx context.Context, stdin io.Reader, timedOut func(error) int) (b []byte, code int, late bool, err error) {
	if hasLen(stdin) {
		b, err = s.Read(stdin)
		return b, 0, false, err
	}
	var mu sync.Mutex
	read := false
	stop := context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock() // held until timedOut returns: the answer is its alone
		if !read {
			late, code = true, timedOut(stdinTimeout(ctx))
		}
	})
	b, err = s.Read(stdin)
	stop()
	mu.Lock()
	defer mu.Unlock()
	read = true
	return b, code, late, err
}

// stdinLate is readWatched's timedOut for Serve: it answers req with the
// stdin error (unless req has one already) and the fail policy, writes
// the answer, calls Exit and returns the exit code. A function of its
// own, so that req is copied into the closure on this path only.
func (s *Server) stdinLate(ctx context.Context, req Request, ob *observation, exitBy time.Time, stdout, stderr io.Writer) func(error) int {
	return func(err error) int {
		if req.Err == nil {
			req.Err = err
		}
		req.Payload = nil
		code := s.writeObserved(s.Answer(ctx, req), ob, exitBy, stdout, stderr)
		s.Exit(code)
		return code
	}
}

// stdinTimeout is the error for a stdin that has not ended when ctx is
// done.
func stdinTimeout(ctx context.Context) error {
	return fmt.Errorf("%w (%w)", ErrStdinTimeout, context.Cause(ctx))
}

// hasLen reports whether r states the bytes it has left (a bytes.Reader,
// a strings.Reader, an HTTP body of a declared length), which [Server.Read]
// uses. A process's stdin, an *os.File, is told apart first, as a
// concrete type, so that it costs no interface-table lookup.
func hasLen(r io.Reader) bool {
	if _, ok := r.(*os.File); ok {
		return false
	}
	_, ok := r.(interface{ Len() int })
	return ok
}

// ErrStdinTimeout is wrapped by the error [Server.Serve] answers with the
// fail policy when stdin has not ended by the invocation's deadline.
var ErrStdinTimeout = errors.New("stdin did not end in time")

// write writes res as [Result.Write] does; when the answer could not be
// written, the exit code is 2 also when the fail policy is closed and the
// event is one a deny stops.
func (s *Server) write(res Result, stdout, stderr io.Writer) int {
	closed := s.Handlers.Fail == FailClosed && (res.Event == nil || gating(res.Event))
	return res.write(stdout, stderr, closed)
}

// Read reads a payload from r whole: at most Handlers.MaxInput bytes
// (default [DefaultMaxInput]), else an error wrapping [ErrTooLarge],
// returned with the members of the payload's JSON object complete before
// the cap, as an object of their own (nil when there are none), so that
// [Server.Answer] can still tell a tool call, whose handler it gives
// Tool.InputErr. When r has a Len method, the number of bytes left
// (bytes.Reader, strings.Reader, an HTTP body of a declared length), a
// Len over the cap is that error after reading at most 64 KiB, and a
// smaller one sizes the buffer: a payload of that length takes one
// allocation of its size. A Len that is too small costs only
// allocations; the cap holds.
func (s *Server) Read(r io.Reader) ([]byte, error) {
	limit := s.Handlers.MaxInput
	if limit <= 0 {
		limit = DefaultMaxInput
	}
	return readLimited(r, limit)
}

// Answer answers one payload: it picks the adapter, parses, calls the
// handler under its deadline, fits and serializes the response. Any
// failure (and req.Err) is answered with the fail policy, and Result.Err
// says why, except what the model controls in a tool call to judge
// (PreToolUse, PermissionRequest): a payload over the cap (req.Err
// wrapping [ErrTooLarge], with the members read before it as
// req.Payload) reaches the handler with Tool.InputErr, and a handler
// past its deadline or an overload (req.Err wrapping [ErrOverload]) is
// answered by Handlers.Unchecked when set (Result.Err is then an
// [UncheckedError]). It does no I/O. In observe mode ([Handlers.Observe]) the
// answer is no opinion, and Result.Would holds what it would have been.
func (s *Server) Answer(ctx context.Context, req Request) Result {
	if !s.Handlers.Observe {
		return s.answer(ctx, req)
	}
	if late := req.Late; late != nil {
		req.Late = func(res Result) { late(observed(res)) }
	}
	return observed(s.answer(ctx, req))
}

// answer is Answer without observe mode.
func (s *Server) answer(ctx context.Context, req Request) Result {
	if req.Err != nil && req.Payload != nil && errors.Is(req.Err, ErrTooLarge) {
		// The members read before the cap: a tool call to judge reaches
		// its handler with Tool.InputErr (see parse), anything else gets
		// the fail policy.
		req.cut, req.Err = req.Err, nil
	}
	a, err := s.adapter(&req)
	if err != nil && req.cut != nil && !isUnknownHost(err) {
		err = req.cut // the host cannot be told from the members read
	}
	if err != nil {
		h := s.Handlers
		var uh *unknownHostError
		if errors.As(err, &uh) {
			// A configuration error (a misspelled --host): answered as
			// fail-closed would, as every other bad argument is.
			h.Fail = FailClosed
		}
		if a == nil {
			return Result{Output: failOutput(h.Fail, err), Err: err}
		}
		if errors.Is(err, ErrOverload) {
			return uncheckedResult(a, h, failEvent(a, &req), err)
		}
		return failResult(a, h, failEvent(a, &req), err)
	}
	if _, ok := a.(EventParser); req.Event != "" && !ok {
		// A configuration error (the command names an event for a host
		// whose payloads name their own): answered as fail-closed would.
		h := s.Handlers
		h.Fail = FailClosed
		err := fmt.Errorf("--event %q given, but %s payloads name their own event", req.Event, a.Host())
		req.Event = ""
		return failResult(a, h, failEvent(a, &req), err)
	}
	if s.Inline {
		return answerInline(ctx, a, s.Handlers, &req)
	}
	ev, err := parse(a, &s.Handlers, &req)
	if err != nil {
		return failResult(a, s.Handlers, ev, err)
	}
	var resp Response
	if s.Handlers.handles(ev) {
		var err error
		var late bool
		resp, err, late = call(ctx, s.Handlers, ev, budget(a, s.Handlers, ev, req.HostTimeout))
		if late {
			return uncheckedResult(a, s.Handlers, ev, err)
		}
		if err != nil {
			return failResult(a, s.Handlers, ev, err)
		}
	}
	return finish(a, s.Handlers, ev, resp)
}

// adapter chooses req's adapter. With an error, the adapter is the one
// named, when known, for the fail policy's answer.
func (s *Server) adapter(req *Request) (Adapter, error) {
	a := req.Adapter
	if a == nil && req.Host != "" {
		a = find(s.Adapters, req.Host)
		if a == nil && req.Err == nil {
			var names []string
			for _, a := range s.Adapters {
				names = append(names, string(a.Host()))
			}
			err := &unknownHostError{host: req.Host, known: strings.Join(names, ", ")}
			// The answer is in the dialect of the host detected, if any.
			a, _ = Detect(s.Adapters, req.Payload)
			return a, err
		}
	}
	if req.Err != nil {
		if a == nil && req.Payload != nil {
			a, _ = Detect(s.Adapters, req.Payload)
		}
		return a, req.Err
	}
	if a == nil {
		return Detect(s.Adapters, req.Payload)
	}
	return a, nil
}

// failEvent is what is known of req's event for the fail policy's answer:
// the payload parsed when it can be (so that a fail-closed PreToolUse gets
// the host's deny), else the host's unknown event.
func failEvent(a Adapter, req *Request) Event {
	if req.Payload == nil {
		return &OtherEvent{Base: Base{Host: a.Host()}}
	}
	if ev, err := parseAs(a, req); err == nil {
		return ev
	}
	return unparsed(a, req.Payload)
}

// Result is the outcome of [Server.Answer].
type Result struct {
	// Adapter is the payload's host, or nil when it could not be told.
	Adapter Adapter
	// Event is the parsed event (an *OtherEvent with only Host and perhaps
	// NativeEvent set when parsing failed).
	Event Event
	// Response is what was serialized, after Fit (or the fail policy's).
	Response Response
	// Output is the host-native answer.
	Output Output
	// Warnings lists fields dropped or changed for the host.
	Warnings []Warning
	// Err says why the fail policy decided, or is nil.
	Err error
	// Decided is the handler's response as it returned it, before Fit:
	// zero when no handler ran or the fail policy answered.
	Decided Response
	// Observe reports observe mode ([Handlers.Observe]): Output and
	// Response are no opinion, and Would is what would have been sent.
	Observe bool
	// Would is, in observe mode, the response that would have been sent
	// (fitted, or the fail policy's).
	Would Response
}

// parse parses and checks req's payload. On error, ev is what is known of
// the event, for the fail policy's answer, and there is nothing for a
// handler to judge.
func parse(a Adapter, h *Handlers, req *Request) (ev Event, err error) {
	payload := req.Payload
	if !utf8.Valid(payload) {
		// Hosts write UTF-8; decoding would silently turn invalid bytes
		// into U+FFFD, and a policy would judge text that is not what runs.
		return unparsed(a, payload), errors.New("payload is not valid UTF-8")
	}
	ev, err = parseAs(a, req)
	if req.cut != nil {
		return cutEvent(a, ev, err, req)
	}
	if err != nil {
		return unparsed(a, payload), fmt.Errorf("parse %s payload: %w", a.Host(), err)
	}
	if t := ToolOf(ev); t != nil && t.InputErr == nil {
		// What a tool's input lacks is the model's doing, not the host's:
		// the handler judges it (Tool.InputErr), the fail policy does not.
		t.InputErr = t.check()
		if t.InputErr == nil {
			t.InputErr = t.checkDepth()
		}
	}
	if o, ok := ev.(*OtherEvent); ok && o.Unknown && h.Any == nil {
		return ev, fmt.Errorf("unknown %s event %q and no Any handler", a.Host(), o.NativeEvent)
	}
	return ev, nil
}

// parseAs parses req's payload with a, of the event req names if any.
func parseAs(a Adapter, req *Request) (Event, error) {
	if req.Event == "" {
		return a.Parse(req.Payload)
	}
	if ep, ok := a.(EventParser); ok {
		return ep.ParseEvent(req.Event, req.Payload)
	}
	return nil, fmt.Errorf("--event given, but %s payloads name their own event", a.Host())
}

func unparsed(a Adapter, payload []byte) Event {
	return &OtherEvent{Base: Base{Host: a.Host(), NativeEvent: nativeName(payload)}}
}

// finish fits and serializes the handler's response.
func finish(a Adapter, h Handlers, ev Event, resp Response) Result {
	out, fitted, ws, err := Serialize(a, ev, resp, FitOptions{AskFallback: h.AskFallback, RepeatStop: h.RepeatStopBlocks, AskFallbackAlways: h.AskFallbackAlways})
	if err != nil {
		res := failResult(a, h, ev, fmt.Errorf("serialize for %s: %w", a.Host(), err))
		res.Warnings = append(ws, res.Warnings...)
		return res
	}
	return Result{Adapter: a, Event: ev, Response: fitted, Output: out, Warnings: ws, Decided: resp}
}

// answerInline is Answer with the handler on the calling goroutine,
// under a watchdog that answers with the fail policy as soon as the
// handler's deadline passes (its budget, or ctx's deadline when that is
// earlier), through req.Late. It returns once the handler has returned.
func answerInline(ctx context.Context, a Adapter, h Handlers, req *Request) Result {
	// This frame is kept small (the answers are built in functions of
	// their own): it is on the stack while the adapter parses, and a
	// deeper stack costs a stack copy on many requests of a server.
	ev, err := parse(a, &h, req)
	if err != nil || !h.handles(ev) {
		return answerNow(a, &h, ev, err)
	}
	c := &inlineCall{a: a, h: h, ev: ev, late: req.Late}
	return c.run(ctx, req.HostTimeout)
}

// answerNow answers without a handler: the fail policy for err, else no
// opinion.
//
//go:noinline
func answerNow(a Adapter, h *Handlers, ev Event, err error) Result {
	if err != nil {
		return failResult(a, *h, ev, err)
	}
	return finish(a, *h, ev, Response{})
}

// run calls the handler on the calling goroutine, under a watchdog.
func (c *inlineCall) run(ctx context.Context, hostTimeout time.Duration) Result {
	limit := budget(c.a, c.h, c.ev, hostTimeout)
	var cancel context.CancelFunc
	var watchdog *time.Timer
	if limit > 0 {
		ctx, cancel = context.WithTimeout(ctx, limit)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	if d, ok := ctx.Deadline(); ok { // ours, or the caller's when earlier
		watchdog = time.AfterFunc(time.Until(d), c.watchdog)
	}
	resp, err := inline(ctx, &c.h, c.ev)
	if watchdog != nil {
		watchdog.Stop()
	}
	cause := context.Cause(ctx) // nil unless the context ended
	cancel()

	// Waits for the watchdog's answer when it is being given.
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.answered {
		return *c.res
	}
	c.answered = true
	switch {
	case cause != nil:
		// Too late: a handler that returns after its context ended did
		// not answer in time (the watchdog may not have run yet).
		return c.lateResult(cause)
	case err != nil:
		return failResult(c.a, c.h, c.ev, fmt.Errorf("handler: %w", err))
	default:
		return finish(c.a, c.h, c.ev, resp)
	}
}

// inlineCall is the state answerInline shares with its watchdog. The
// mutex is held while the watchdog answers, so that exactly one answer is
// given, and so that answerInline returns only after the watchdog's.
type inlineCall struct {
	mu       sync.Mutex
	answered bool
	a        Adapter
	ev       Event
	late     func(Result)
	res      *Result // the watchdog's answer (allocated only then)
	h        Handlers
}

// watchdog answers with the fail policy when the handler's deadline has
// passed and it has not answered.
func (c *inlineCall) watchdog() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.answered {
		return
	}
	c.answered = true
	res := c.lateResult(context.DeadlineExceeded)
	c.res = &res
	if c.late != nil {
		c.late(res)
	}
}

func (c *inlineCall) lateResult(cause error) Result {
	return uncheckedResult(c.a, c.h, c.ev, fmt.Errorf("handler did not answer in time: %w", cause))
}

// inline runs the handler on the calling goroutine, a panic becoming an
// error.
func inline(ctx context.Context, h *Handlers, ev Event) (r Response, err error) {
	defer func() {
		if p := recover(); p != nil {
			r, err = Response{}, &PanicError{Value: p, Stack: debug.Stack()}
		}
	}()
	return h.Handle(ctx, ev)
}

// EventTimeouter is implemented by adapters whose host limits some events
// more tightly than Timeout says (Codex clamps SessionEnd to 3 s).
type EventTimeouter interface {
	// EventTimeout returns the host's limit for a native event, or 0 when
	// Timeout applies.
	EventTimeout(native string) time.Duration
}

// budget is the handler's time limit: below the host's own.
func budget(a Adapter, h Handlers, ev Event, hostTimeout time.Duration) time.Duration {
	host := hostTimeout
	if host <= 0 {
		host = a.Timeout()
	}
	if et, ok := a.(EventTimeouter); ok {
		if t := et.EventTimeout(ev.Common().NativeEvent); t > 0 && t < host {
			host = t
		}
	}
	b := host * 9 / 10
	if h.Timeout > 0 && (h.Timeout < b || b <= 0) {
		b = h.Timeout
	}
	return b
}

// call runs the handler with a deadline and turns panics into errors.
//
// The handler runs on its own goroutine so that a handler that never
// returns cannot hold the answer past the deadline. It reports back by
// cancelling the handler's context (after setting finished, when the
// context had not ended before), so that one channel, the context's,
// serves both outcomes.
func call(ctx context.Context, h Handlers, ev Event, limit time.Duration) (r Response, err error, late bool) {
	var cancel context.CancelFunc
	if limit > 0 {
		ctx, cancel = context.WithTimeout(ctx, limit)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	defer cancel()
	j := &job{h: h, ev: ev}
	go j.run(ctx, cancel)
	<-ctx.Done()
	if !j.finished.Load() {
		return Response{}, fmt.Errorf("handler did not answer in time: %w", context.Cause(ctx)), true
	}
	if j.err != nil {
		return Response{}, fmt.Errorf("handler: %w", j.err), false
	}
	return j.r, nil, false
}

// job is one handler call and its outcome. r and err are written before
// finished is set, and read only after it was seen set.
type job struct {
	h        Handlers
	ev       Event
	r        Response
	err      error
	finished atomic.Bool
}

func (j *job) run(ctx context.Context, done context.CancelFunc) {
	defer func() {
		if p := recover(); p != nil {
			j.r, j.err = Response{}, &PanicError{Value: p, Stack: debug.Stack()}
		}
		// A handler that returns because its context ended (deadline,
		// or the caller gave up) did not answer in time.
		if ctx.Err() == nil {
			j.finished.Store(true)
		}
		done()
	}()
	j.r, j.err = j.h.Handle(ctx, j.ev)
}

// PanicError is a handler panic, recovered.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// ErrTooLarge is returned for a payload over the size cap.
var ErrTooLarge = errors.New("payload too large")

// ErrNoHost is returned when no adapter can be chosen for a payload.
var ErrNoHost = errors.New("cannot tell which host sent this payload")

// unknownHostError is a request naming a host none of the adapters is: a
// configuration error. It wraps [ErrNoHost].
type unknownHostError struct {
	host  Host
	known string
}

func (e *unknownHostError) Error() string {
	return fmt.Sprintf("%v: unknown host %q (known: %s)", ErrNoHost, e.host, e.known)
}

func (e *unknownHostError) Unwrap() error { return ErrNoHost }

// isUnknownHost reports whether err is a request's unknown host (a
// function of its own: the target of errors.As escapes, and would cost
// its caller an allocation on every call).
func isUnknownHost(err error) bool {
	var uh *unknownHostError
	return errors.As(err, &uh)
}

// uncheckedCause is the cause of an [UncheckedError] err, or nil.
func uncheckedCause(err error) error {
	var ue *UncheckedError
	if errors.As(err, &ue) {
		return ue.Cause
	}
	return nil
}

func readLimited(r io.Reader, limit int64) ([]byte, error) {
	// One allocation for a usual payload, or for one of the length r
	// states; grown by doubling past that. Never more than limit+1 bytes
	// are read, as with io.LimitReader.
	first := int64(firstRead)
	if hasLen(r) {
		switch n := int64(r.(interface{ Len() int }).Len()); {
		case n > limit:
			return readCut(r, min(limit, salvagePeek), limit)
		case n >= 0:
			first = n + 1 // room for the read that sees EOF
		}
	}
	buf := make([]byte, 0, min(limit+1, first))
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, cap(buf))
		}
		room := buf[len(buf):cap(buf)]
		if rest := limit + 1 - int64(len(buf)); int64(len(room)) > rest {
			room = room[:rest]
		}
		n, err := r.Read(room)
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return salvage(buf[:limit]), fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read stdin: %w", err)
		}
	}
}

// readCut reads up to peek bytes of r, a payload whose declared length
// is over limit, and returns the members they hold (salvage) with the
// error for a payload too large.
func readCut(r io.Reader, peek, limit int64) ([]byte, error) {
	buf := make([]byte, peek)
	n, _ := io.ReadFull(r, buf)
	return salvage(buf[:n]), fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
}

// firstRead is the size of the first read buffer: room for the hosts'
// smaller payloads (a few hundred bytes); larger ones grow it.
const firstRead = 1 << 10

func find(adapters []Adapter, host Host) Adapter {
	for _, a := range adapters {
		if a.Host() == host {
			return a
		}
	}
	return nil
}

// failResult answers ev with the fail policy.
func failResult(a Adapter, h Handlers, ev Event, cause error) Result {
	r := Response{}
	if h.Fail == FailClosed && gating(ev) {
		r = Deny("hook failed, blocked by its fail-closed policy: " + oneLine(cause.Error()))
	}
	fitted, ws := r, []Warning(nil)
	if _, other := ev.(*OtherEvent); !other || Supports(a.Capabilities(), ev.Common().NativeEvent) != 0 {
		fitted, ws = Fit(a, ev, r, FitOptions{AskFallback: DecisionDeny, RepeatStop: true})
	}
	out, err := a.Serialize(ev, fitted)
	if err != nil {
		out = failOutput(h.Fail, err)
	}
	return Result{Adapter: a, Event: ev, Response: fitted, Output: out, Warnings: ws, Err: cause}
}

// gating reports whether a deny on ev stops an action: tool calls,
// permission requests, prompts, subagent starts, and unknown events.
func gating(ev Event) bool {
	switch ev.(type) {
	case *PreToolUseEvent, *PermissionRequestEvent, *UserPromptSubmitEvent, *SubagentStartEvent, *OtherEvent:
		return true
	}
	return false
}

// failOutput is the answer when not even the adapter can render one: no
// output (fail open) or exit code 2, which every host treats as a block.
func failOutput(p FailPolicy, cause error) Output {
	if p == FailClosed {
		return Output{Stderr: "hook failed, blocked by its fail-closed policy: " + oneLine(cause.Error()), ExitCode: 2}
	}
	return Output{}
}

// Write writes res as a command hook answers: the notes on stderr, the
// answer on stdout, then its stderr line. It returns the exit code: the
// answer's, or, when the answer could not be written whole (stdout
// closed, a broken pipe), 2 when the answer blocks (exit 2 with the reason
// on stderr is the block every host reads) and 1 otherwise, with a line
// on stderr saying so.
func (res Result) Write(stdout, stderr io.Writer) int {
	return res.write(stdout, stderr, false)
}

// write is Write; closed makes the exit code of an answer not written 2
// also when the answer did not block.
func (res Result) write(stdout, stderr io.Writer, closed bool) int {
	for _, n := range res.Notes() {
		fmt.Fprintln(stderr, n)
	}
	var err error
	if len(res.Output.Stdout) > 0 {
		_, err = stdout.Write(res.Output.Stdout)
	}
	if err != nil && res.unread() && res.lostCode(false) != 2 {
		// The host acts on no answer to this event (Qwen Code runs its
		// MessageDisplay hooks with stdout on the null device): nothing
		// was lost, and a non-zero exit would only be logged as the hook
		// failing.
		fmt.Fprintf(stderr, "hooks: the answer could not be written to stdout (%s); %s acts on no answer to %s: exit %d\n",
			oneLine(err.Error()), res.Adapter.Host(), res.Event.Common().NativeEvent, res.Output.ExitCode)
		if res.Output.Stderr != "" {
			fmt.Fprintln(stderr, oneLine(res.Output.Stderr))
		}
		return res.Output.ExitCode
	}
	if err != nil {
		code := res.lostCode(closed)
		fmt.Fprintf(stderr, "hooks: the answer could not be written to stdout (%s): exit %d\n", oneLine(err.Error()), code)
		if res.Output.Stderr != "" {
			fmt.Fprintln(stderr, oneLine(res.Output.Stderr))
		} else if code == 2 && res.Response.Reason != "" {
			fmt.Fprintln(stderr, oneLine(res.Response.Reason))
		}
		return code
	}
	if res.Output.Stderr != "" {
		fmt.Fprintln(stderr, oneLine(res.Output.Stderr))
	}
	return res.Output.ExitCode
}

// unread reports whether res answers an event whose host acts on no
// answer at all: a host-only event whose row in the adapter's capability
// matrix honours nothing. An event with no row (one the adapter does not
// know) is not unread, nor is a unified event that honours nothing (often
// one not measured): a deny may stop it. [Result.Write] still exits 2
// when the lost answer blocks.
func (res Result) unread() bool {
	if res.Adapter == nil || res.Event == nil {
		return false
	}
	native := res.Event.Common().NativeEvent
	for _, c := range res.Adapter.Capabilities() {
		if c.Native == native {
			return c.Honours == 0 && c.Event == ""
		}
	}
	return false
}

// lostCode is the exit code when res's answer could not be written: 2
// when it blocks or the fail policy is closed (closed), else 1.
func (res Result) lostCode(closed bool) int {
	if closed || res.Output.ExitCode == 2 || res.Response.Decision == DecisionDeny || res.Response.Halt {
		return 2
	}
	return 1
}

// Notes returns the lines [Result.Write] writes to stderr before the
// answer: one per warning, and one saying why the fail policy answered
// ("hooks: fail-closed: …") unless the answer's own stderr line says it.
func (res Result) Notes() []string {
	if len(res.Warnings) == 0 && res.Err == nil {
		return nil
	}
	var notes []string
	for _, w := range res.Warnings {
		notes = append(notes, oneLine(w.String()))
	}
	switch {
	case res.Err == nil || res.Output.Stderr != "":
	case uncheckedCause(res.Err) != nil:
		notes = append(notes, "hooks: not judged ("+oneLine(uncheckedCause(res.Err).Error())+"): answered by Handlers.Unchecked")
	default:
		notes = append(notes, failline.Format(failWord(res), oneLine(res.Err.Error())))
	}
	return notes
}

func failWord(res Result) string {
	if res.Response.Decision == DecisionDeny || res.Output.ExitCode == 2 {
		return "closed"
	}
	return "open"
}

// oneLine folds s onto one line.
func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		s = strings.Join(strings.Fields(s), " ")
	}
	return s
}
