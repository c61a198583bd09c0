package hooks

import (
	"errors"
	"fmt"
)

// A failure is how an event its handler did not answer is answered;
// [fail] is the one place that decides from it.
type failure uint8

const (
	// failPolicy is the fail policy, Handlers.Fail.
	failPolicy failure = iota
	// failConfig is a configuration error (a misspelled --host, an
	// --event for a host whose payloads name their own): answered as
	// fail-closed would, as every other bad argument is.
	failConfig
	// failUnjudged is an event that could not be judged (the handler's
	// deadline passed, an overload): a tool call to judge is answered by
	// Handlers.Unchecked when set, anything else by the fail policy.
	failUnjudged
)

// fail answers ev, which its handler did not answer for cause, as how
// says: the one place that decides between the fail policy, fail-closed
// for a configuration error and Handlers.Unchecked. With a nil (the host
// could not be told) ev is ignored, and the answer is the one no adapter
// renders (see failOutput).
func fail(a Adapter, h Handlers, ev Event, cause error, how failure) Result {
	if how == failConfig {
		h.Fail = FailClosed
	}
	if a == nil {
		return Result{Output: failOutput(h.Fail, cause), Err: cause}
	}
	if how == failUnjudged {
		return uncheckedResult(a, h, ev, cause)
	}
	return failResult(a, h, ev, cause)
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

// failResult answers ev with the fail policy: see [fail], which decides
// when it applies.
func failResult(a Adapter, h Handlers, ev Event, cause error) Result {
	r := Response{}
	if failBlocks(h.Fail, ev) {
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

// failBlocks reports whether fail policy p answers a failure on ev with a
// block: p is fail-closed and ev is one a deny stops, or not known (nil).
func failBlocks(p FailPolicy, ev Event) bool {
	return p == FailClosed && (ev == nil || gating(ev))
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
