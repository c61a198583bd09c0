package hooks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// DefaultMaxInput is the payload size cap when Handlers.MaxInput is 0.
const DefaultMaxInput = 8 << 20

// Options are the per-invocation settings Serve reads from its arguments.
type Options struct {
	// Host, when set, names the adapter to use; detection is skipped.
	Host Host
	// Fail overrides Handlers.Fail when FailSet.
	Fail    FailPolicy
	FailSet bool
	// HostTimeout is the host's time limit for this hook as configured
	// (--timeout); 0 means the adapter's default.
	HostTimeout time.Duration
}

// ParseArgs reads the arguments Serve understands: --host NAME,
// --fail-open, --fail-closed and --timeout DURATION (a Go duration, or
// seconds). Both "--flag value" and "--flag=value" work. Unknown arguments
// are returned as warnings, not errors, so that a hook never breaks on a
// flag it does not know.
func ParseArgs(args []string) (Options, []string) {
	var o Options
	var unknown []string
	for i := 0; i < len(args); i++ {
		name, val, hasVal := strings.Cut(args[i], "=")
		next := func() string {
			if hasVal {
				return val
			}
			if i+1 < len(args) {
				i++
				return args[i]
			}
			unknown = append(unknown, name+" needs a value")
			return ""
		}
		switch name {
		case "--host", "-host":
			o.Host = Host(next())
		case "--fail-open", "-fail-open":
			o.Fail, o.FailSet = FailOpen, true
		case "--fail-closed", "-fail-closed":
			o.Fail, o.FailSet = FailClosed, true
		case "--timeout", "-timeout":
			v := next()
			d, err := time.ParseDuration(v)
			if err != nil {
				n, err2 := strconv.ParseFloat(v, 64)
				if err2 != nil || n <= 0 {
					unknown = append(unknown, "--timeout "+strconv.Quote(v)+" is not a duration")
					continue
				}
				d = time.Duration(n * float64(time.Second))
			}
			o.HostTimeout = d
		default:
			unknown = append(unknown, "unknown argument "+strconv.Quote(args[i]))
		}
	}
	return o, unknown
}

// Serve runs one hook invocation: it reads the payload from stdin, picks
// the adapter (o.Host, else detection), parses, calls the handler, fits the
// response to what the host honours, and writes the host's answer on stdout
// (warnings and errors on stderr, one line each). It returns the exit code
// and never calls os.Exit or panics because of the payload or a handler.
func Serve(ctx context.Context, adapters []Adapter, h Handlers, stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	return serve(ctx, adapters, h, stdin, stdout, stderr, args, nil)
}

// ServeMain is Serve for a hook process, which answers one event and
// ends: the handler runs on the calling goroutine (no hand-off to another
// thread, the main cost of an event otherwise), and if its deadline passes
// first, a watchdog writes the fail policy's answer and calls exit with
// its code (os.Exit in hookmain.Run). Exactly one answer is written either
// way. Transports, which cannot end the process, use ProcessInline (a
// goroutine per payload) or Process.
func ServeMain(ctx context.Context, adapters []Adapter, h Handlers, stdin io.Reader, stdout, stderr io.Writer, args []string, exit func(int)) int {
	return serve(ctx, adapters, h, stdin, stdout, stderr, args, exit)
}

func serve(ctx context.Context, adapters []Adapter, h Handlers, stdin io.Reader, stdout, stderr io.Writer, args []string, exit func(int)) int {
	o, bad := ParseArgs(args)
	for _, b := range bad {
		fmt.Fprintln(stderr, "hooks: "+b)
	}
	if o.FailSet {
		h.Fail = o.Fail
	}
	limit := h.MaxInput
	if limit <= 0 {
		limit = DefaultMaxInput
	}
	payload, err := readLimited(stdin, limit)

	var a Adapter
	if err == nil {
		a, err = pick(adapters, o.Host, payload)
	}
	if err != nil {
		if a == nil && o.Host != "" {
			a = find(adapters, o.Host)
		}
		if a == nil {
			return failNoHost(h.Fail, err, stdout, stderr)
		}
		res := failResult(a, h, &OtherEvent{Base: Base{Host: a.Host()}}, err)
		return write(res, stdout, stderr)
	}
	if exit != nil {
		return processMain(ctx, a, h, payload, o.HostTimeout, stdout, stderr, exit)
	}
	res := Process(ctx, a, h, payload, o.HostTimeout)
	return write(res, stdout, stderr)
}

// Result is the outcome of Process.
type Result struct {
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
}

// Process answers one payload with adapter a: Parse, the handler under its
// deadline (panics recovered), Fit and Serialize. Any failure is answered
// with h.Fail, and Result.Err says why. hostTimeout is the host's limit as
// configured (0 for the adapter's default). Process is what Serve and the
// HTTP transport share; it does no I/O.
func Process(ctx context.Context, a Adapter, h Handlers, payload []byte, hostTimeout time.Duration) Result {
	ev, err := parse(a, &h, payload)
	if err != nil {
		return failResult(a, h, ev, err)
	}
	var resp Response
	if h.handles(ev) {
		var err error
		resp, err = call(ctx, h, ev, budget(a, h, ev, hostTimeout))
		if err != nil {
			return failResult(a, h, ev, err)
		}
	}
	return finish(a, h, ev, resp)
}

// parse parses and checks payload. On error, ev is what is known of the
// event, for the fail policy's answer, and there is nothing for a handler
// to judge.
func parse(a Adapter, h *Handlers, payload []byte) (ev Event, err error) {
	if !utf8.Valid(payload) {
		// Hosts write UTF-8; decoding would silently turn invalid bytes
		// into U+FFFD, and a policy would judge text that is not what runs.
		return unparsed(a, payload), errors.New("payload is not valid UTF-8")
	}
	ev, err = a.Parse(payload)
	if err != nil {
		return unparsed(a, payload), fmt.Errorf("parse %s payload: %w", a.Host(), err)
	}
	if t := ToolOf(ev); t != nil && t.InputErr == nil {
		// What a tool's input lacks is the model's doing, not the host's:
		// the handler judges it (Tool.InputErr), the fail policy does not.
		t.InputErr = t.check()
	}
	if o, ok := ev.(*OtherEvent); ok && o.Unknown && h.Any == nil {
		return ev, fmt.Errorf("unknown %s event %q and no Any handler", a.Host(), o.NativeEvent)
	}
	return ev, nil
}

func unparsed(a Adapter, payload []byte) Event {
	return &OtherEvent{Base: Base{Host: a.Host(), NativeEvent: nativeName(payload)}}
}

// finish fits and serializes the handler's response.
func finish(a Adapter, h Handlers, ev Event, resp Response) Result {
	fitted, ws := Fit(a.Capabilities(), a.Host(), ev, resp, h.AskFallback, h.RepeatStopBlocks)
	out, err := a.Serialize(ev, fitted)
	if err != nil {
		res := failResult(a, h, ev, fmt.Errorf("serialize for %s: %w", a.Host(), err))
		res.Warnings = append(ws, res.Warnings...)
		return res
	}
	return Result{Event: ev, Response: fitted, Output: out, Warnings: ws}
}

// processMain is ProcessInline and write for a process: if the watchdog
// answers, it calls exit with the answer's code.
func processMain(ctx context.Context, a Adapter, h Handlers, payload []byte, hostTimeout time.Duration, stdout, stderr io.Writer, exit func(int)) int {
	var code int
	ProcessInline(ctx, a, h, payload, hostTimeout, func(res Result, late bool) {
		code = write(res, stdout, stderr)
		if late {
			exit(code)
		}
	})
	return code
}

// ProcessInline is Process for a caller that owns a goroutine per payload
// (a hook process, an HTTP request): the handler runs on the calling
// goroutine, which saves Process's hand-off to a handler goroutine, the
// main cost of an event otherwise, and a watchdog answers with the fail
// policy as soon as the handler's deadline passes (its budget, as for
// Process, or ctx's deadline when that is earlier).
//
// answer is called exactly once with the result: on the calling goroutine,
// or on the watchdog's with late set when the deadline passed first.
// ProcessInline returns once the handler and answer have returned, so a
// handler that never returns holds the calling goroutine, though its
// answer was given at the deadline (a process exits then; an HTTP
// transport closes the connection after that answer).
func ProcessInline(ctx context.Context, a Adapter, h Handlers, payload []byte, hostTimeout time.Duration, answer func(res Result, late bool)) {
	// This frame is kept small (the answers are built in functions of
	// their own): it is on the stack while the adapter parses, and a
	// deeper stack costs a stack copy on many requests of a server.
	ev, err := parse(a, &h, payload)
	if err != nil || !h.handles(ev) {
		answerNow(a, &h, ev, err, answer)
		return
	}
	c := &inlineCall{a: a, h: h, ev: ev, answer: answer}
	c.run(ctx, hostTimeout)
}

// answerNow answers without a handler: the fail policy for err, else no
// opinion.
//
//go:noinline
func answerNow(a Adapter, h *Handlers, ev Event, err error, answer func(Result, bool)) {
	if err != nil {
		answer(failResult(a, *h, ev, err), false)
		return
	}
	answer(finish(a, *h, ev, Response{}), false)
}

// run calls the handler on the calling goroutine, under a watchdog.
func (c *inlineCall) run(ctx context.Context, hostTimeout time.Duration) {
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
		return
	}
	c.answered = true
	switch {
	case cause != nil:
		// Too late: a handler that returns after its context ended did
		// not answer in time (the watchdog may not have run yet).
		c.answer(c.late(cause), false)
	case err != nil:
		c.answer(failResult(c.a, c.h, c.ev, fmt.Errorf("handler: %w", err)), false)
	default:
		c.answer(finish(c.a, c.h, c.ev, resp), false)
	}
}

// inlineCall is the state ProcessInline shares with its watchdog. The
// mutex is held while an answer is given, so that exactly one is, and so
// that ProcessInline returns only after the watchdog's.
type inlineCall struct {
	mu       sync.Mutex
	answered bool
	a        Adapter
	ev       Event
	answer   func(Result, bool)
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
	c.answer(c.late(context.DeadlineExceeded), true)
}

func (c *inlineCall) late(cause error) Result {
	return failResult(c.a, c.h, c.ev, fmt.Errorf("handler did not answer in time: %w", cause))
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
func call(ctx context.Context, h Handlers, ev Event, limit time.Duration) (Response, error) {
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
		return Response{}, fmt.Errorf("handler did not answer in time: %w", context.Cause(ctx))
	}
	if j.err != nil {
		return Response{}, fmt.Errorf("handler: %w", j.err)
	}
	return j.r, nil
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

func readLimited(r io.Reader, limit int64) ([]byte, error) {
	// One allocation for a usual payload; grown by doubling past that.
	// Never more than limit+1 bytes are read, as with io.LimitReader.
	buf := make([]byte, 0, min(limit+1, firstRead))
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
			return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read stdin: %w", err)
		}
	}
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

func pick(adapters []Adapter, host Host, payload []byte) (Adapter, error) {
	if host != "" {
		if a := find(adapters, host); a != nil {
			return a, nil
		}
		var names []string
		for _, a := range adapters {
			names = append(names, string(a.Host()))
		}
		return nil, fmt.Errorf("%w: unknown host %q (known: %s)", ErrNoHost, host, strings.Join(names, ", "))
	}
	return Detect(adapters, payload)
}

// failResult answers ev with the fail policy.
func failResult(a Adapter, h Handlers, ev Event, cause error) Result {
	r := Response{}
	if h.Fail == FailClosed && gating(ev) {
		r = Deny("hook failed, blocked by its fail-closed policy: " + oneLine(cause.Error()))
	}
	fitted, ws := r, []Warning(nil)
	if _, other := ev.(*OtherEvent); !other || Supports(a.Capabilities(), ev.Common().NativeEvent) != 0 {
		fitted, ws = Fit(a.Capabilities(), a.Host(), ev, r, DecisionDeny, true)
	}
	out, err := a.Serialize(ev, fitted)
	if err != nil {
		out = failOutput(h.Fail, err)
	}
	return Result{Event: ev, Response: fitted, Output: out, Warnings: ws, Err: cause}
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

func failNoHost(p FailPolicy, cause error, stdout, stderr io.Writer) int {
	return write(Result{Output: failOutput(p, cause), Err: cause}, stdout, stderr)
}

func write(res Result, stdout, stderr io.Writer) int {
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, w.String())
	}
	if res.Err != nil && res.Output.Stderr == "" {
		// One line says why; when the host reads a reason from stderr
		// (exit code 2), that line already says it.
		fmt.Fprintln(stderr, "hooks: fail-"+failWord(res)+": "+oneLine(res.Err.Error()))
	}
	if len(res.Output.Stdout) > 0 {
		stdout.Write(res.Output.Stdout)
	}
	if res.Output.Stderr != "" {
		fmt.Fprintln(stderr, oneLine(res.Output.Stderr))
	}
	return res.Output.ExitCode
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
