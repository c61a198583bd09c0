package hooks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"
)

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
	// Checks, when set, is the [CheckLog] that [ReportCheck] on the
	// handler's context appends to: what [CheckLog.In] on ctx would do, for
	// a transport that keeps the log in its own per-request state (without
	// In's allocation when [Server.Inline] is set).
	Checks *CheckLog
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
		how := failPolicy
		switch {
		case isUnknownHost(err):
			how = failConfig // a misspelled --host
		case errors.Is(err, ErrOverload):
			how = failUnjudged
		}
		var ev Event
		if a != nil {
			ev = failEvent(a, &req)
		}
		return fail(a, s.Handlers, ev, err, how)
	}
	if _, ok := a.(EventParser); req.Event != "" && !ok {
		// The command names an event for a host whose payloads name
		// their own.
		err := fmt.Errorf("--event %q given, but %s payloads name their own event", req.Event, a.Host())
		req.Event = ""
		return fail(a, s.Handlers, failEvent(a, &req), err, failConfig)
	}
	if s.Inline {
		return answerInline(ctx, a, s.Handlers, &req)
	}
	if req.Checks != nil {
		ctx = req.Checks.In(ctx)
	}
	ev, err := parse(a, &s.Handlers, &req)
	if err != nil {
		return fail(a, s.Handlers, ev, err, failPolicy)
	}
	var resp Response
	if s.Handlers.handles(ev) {
		var err error
		var late bool
		resp, err, late = call(ctx, s.Handlers, ev, budget(a, s.Handlers, ev, req.HostTimeout))
		if late {
			return fail(a, s.Handlers, ev, err, failUnjudged)
		}
		if err != nil {
			return fail(a, s.Handlers, ev, err, failPolicy)
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
		res := fail(a, h, ev, fmt.Errorf("serialize for %s: %w", a.Host(), err), failPolicy)
		res.Warnings = append(ws, res.Warnings...)
		return res
	}
	return Result{Adapter: a, Event: ev, Response: fitted, Output: out, Warnings: ws, Decided: resp}
}

func find(adapters []Adapter, host Host) Adapter {
	for _, a := range adapters {
		if a.Host() == host {
			return a
		}
	}
	return nil
}
