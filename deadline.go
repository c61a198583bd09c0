package hooks

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

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
	c.ctx.checks = req.Checks
	return c.run(ctx, req.HostTimeout)
}

// answerNow answers without a handler: the fail policy for err, else no
// opinion.
//
//go:noinline
func answerNow(a Adapter, h *Handlers, ev Event, err error) Result {
	if err != nil {
		return fail(a, *h, ev, err, failPolicy)
	}
	return finish(a, *h, ev, Response{})
}

// run calls the handler on the calling goroutine, under a watchdog.
func (c *inlineCall) run(ctx context.Context, hostTimeout time.Duration) Result {
	x := &c.ctx
	x.parent = ctx
	var now time.Time
	if limit := budget(c.a, c.h, c.ev, hostTimeout); limit > 0 {
		now = time.Now()
		x.deadline, x.timed = now.Add(limit), true
	}
	if d, ok := ctx.Deadline(); ok && (!x.timed || d.Before(x.deadline)) {
		x.deadline, x.timed = d, true
	}
	var w *watchdogTimer
	if x.timed {
		if now.IsZero() {
			now = time.Now()
		}
		w = armWatchdog(c, x.deadline.Sub(now)) // one reading of the clock
	}
	resp, err := inline(x, &c.h, c.ev)
	if w != nil {
		w.disarm()
	}
	cause := x.finish() // nil unless the context ended

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
		return fail(c.a, c.h, c.ev, fmt.Errorf("handler: %w", err), failPolicy)
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
	ctx      handlerCtx // the handler's context
}

// A watchdogTimer is a timer that calls expire of the inlineCall it is
// armed for. A timer stopped before it fired is used again (watchdogs),
// so that a call that answers in time allocates no timer.
type watchdogTimer struct {
	t *time.Timer
	c atomic.Pointer[inlineCall]
}

// watchdogs are the stopped watchdog timers.
var watchdogs = sync.Pool{New: func() any {
	w := new(watchdogTimer)
	w.t = time.AfterFunc(time.Hour, w.fire)
	w.t.Stop()
	return w
}}

// armWatchdog returns a watchdog timer that calls c.expire after d.
func armWatchdog(c *inlineCall, d time.Duration) *watchdogTimer {
	w := watchdogs.Get().(*watchdogTimer)
	w.c.Store(c)
	w.t.Reset(d)
	return w
}

// disarm stops w; w is used again unless it fired (its function then runs,
// or ran, for the call it was armed for).
func (w *watchdogTimer) disarm() {
	if w.t.Stop() {
		w.c.Store(nil)
		watchdogs.Put(w)
	}
}

func (w *watchdogTimer) fire() { w.c.Load().expire() }

// expire is the handler's deadline: it ends the handler's context, then
// answers late.
func (c *inlineCall) expire() {
	c.ctx.end(context.DeadlineExceeded, false)
	c.watchdog()
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
	return fail(c.a, c.h, c.ev, fmt.Errorf("handler did not answer in time: %w", cause), failUnjudged)
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

// PanicError is a handler panic, recovered.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }
