package hooks

import (
	"context"
	"time"
)

// Handlers is a hook program: one typed function per unified event, a
// catch-all for the rest, and the policy for when things go wrong.
//
// For each event, a [Server] calls the typed function for it if set, otherwise
// Any if set, otherwise answers "no opinion". A handler's error (or panic,
// or missing its deadline) is answered with the Fail policy's decision.
type Handlers struct {
	SessionStart       func(context.Context, *SessionStartEvent) (Response, error)
	SessionEnd         func(context.Context, *SessionEndEvent) (Response, error)
	UserPromptSubmit   func(context.Context, *UserPromptSubmitEvent) (Response, error)
	PreToolUse         func(context.Context, *PreToolUseEvent) (Response, error)
	PostToolUse        func(context.Context, *PostToolUseEvent) (Response, error)
	PostToolUseFailure func(context.Context, *PostToolUseFailureEvent) (Response, error)
	PermissionRequest  func(context.Context, *PermissionRequestEvent) (Response, error)
	Stop               func(context.Context, *StopEvent) (Response, error)
	SubagentStart      func(context.Context, *SubagentStartEvent) (Response, error)
	SubagentStop       func(context.Context, *SubagentStopEvent) (Response, error)
	PreCompact         func(context.Context, *PreCompactEvent) (Response, error)
	Notification       func(context.Context, *NotificationEvent) (Response, error)
	// The model-level events (Gemini CLI only, today: see [PreModel]).
	PreModel         func(context.Context, *ModelRequestEvent) (Response, error)
	PostModel        func(context.Context, *ModelResponseEvent) (Response, error)
	PreToolSelection func(context.Context, *ToolSelectionEvent) (Response, error)

	// Any receives every event that has no typed handler above, including
	// host-only events (*OtherEvent).
	Any func(context.Context, Event) (Response, error)

	// Fail is the decision when the hook cannot decide: unreadable,
	// malformed or oversize input, a stdin that does not end in time, a
	// host that cannot be detected, a handler error, panic or timeout. The
	// default, FailOpen, lets the action go on, as the hosts themselves
	// do; FailClosed blocks it. The --fail-open and --fail-closed
	// arguments override it. A configuration error (a bad argument, an
	// unknown --host) is answered as FailClosed would, whatever Fail says.
	Fail FailPolicy

	// AskFallback is what an Ask becomes on a host or event that cannot
	// ask the user (Cursor, Codex): DecisionDeny (the default) or
	// DecisionAllow. Either way a warning is written. On a host whose
	// builds differ ([AskTaker]: Cursor, by cursor_version), an ask is
	// sent as is to a build known to honour it.
	AskFallback Decision

	// AskFallbackAlways applies AskFallback on every build of such a
	// host, even one known to honour an ask: the opt-out for a team that
	// trusts no build's ask.
	AskFallbackAlways bool

	// Timeout bounds a handler. The default, and the upper bound, is 90% of
	// the host's own hook timeout (or of --timeout), so the hook answers
	// before the host kills it.
	Timeout time.Duration

	// MaxInput caps the payload size in bytes (default 8 MiB). A larger
	// payload is answered with the Fail policy, except a tool call to
	// judge (PreToolUse, PermissionRequest): the model wrote its size, so
	// it reaches the handler with Tool.InputErr set (wrapping
	// [ErrTooLarge]), read from the members before the cap.
	MaxInput int64

	// Unchecked, when set, answers a tool call to judge (PreToolUse,
	// PermissionRequest) that could not be judged for a reason the model
	// controls: the handler did not answer by its deadline (a command too
	// long or too costly to check, too many calls at once), or a gateway
	// refused the work (errors wrapping [ErrOverload]: too many requests,
	// a heap over its limit). err says why. Unset, the fail policy
	// answers these, as it answers what the host or the program gets
	// wrong; a guard returns its "cannot check this in time" deny here,
	// so that heavy work cannot buy the fail policy's answer. It is
	// called on the watchdog's goroutine and must return at once.
	Unchecked func(ev Event, err error) Response

	// RepeatStopBlocks lets a Stop or SubagentStop handler deny again while
	// the agent is already continuing because of a stop hook. By default
	// such a second deny is dropped with a warning, so that a policy cannot
	// loop the agent forever (Gemini and Codex have no loop cap).
	RepeatStopBlocks bool

	// Observe is observe mode (a dry run): the handlers run as usual, and
	// what they decide is recorded ([Result.Would], [Record.Would]), but
	// the host is sent no opinion at all, whatever they or the fail
	// policy decide: never a deny, ask, rewrite or halt, and no context or
	// message either, so that the agent runs exactly as with no hook. The
	// --observe argument sets it.
	Observe bool

	// OnResult, when set, is called once per event by [Server.Serve],
	// after the answer was fitted and written, with what happened (the
	// handler's decision, what the host was sent, warnings, the fail
	// policy's reason): for an audit log of what hosts really received
	// (--log writes one). It runs on the answering goroutine, before the
	// hook exits; it must not block for long. Unset, it costs nothing.
	OnResult func(Record)
}

// FailPolicy decides what happens when the hook cannot reach a decision.
type FailPolicy uint8

// The fail policies.
const (
	FailOpen   FailPolicy = iota // let the action go on (no opinion)
	FailClosed                   // block the action (deny)
)

// String returns "open" or "closed".
func (p FailPolicy) String() string {
	if p == FailClosed {
		return "closed"
	}
	return "open"
}

// Handle calls the handler for ev, as a [Server] does, without any deadline,
// recovery or capability filtering. A nil handler means no opinion.
func (h *Handlers) Handle(ctx context.Context, ev Event) (Response, error) {
	switch e := ev.(type) {
	case *SessionStartEvent:
		if h.SessionStart != nil {
			return h.SessionStart(ctx, e)
		}
	case *SessionEndEvent:
		if h.SessionEnd != nil {
			return h.SessionEnd(ctx, e)
		}
	case *UserPromptSubmitEvent:
		if h.UserPromptSubmit != nil {
			return h.UserPromptSubmit(ctx, e)
		}
	case *PreToolUseEvent:
		if h.PreToolUse != nil {
			return h.PreToolUse(ctx, e)
		}
	case *PostToolUseEvent:
		if h.PostToolUse != nil {
			return h.PostToolUse(ctx, e)
		}
	case *PostToolUseFailureEvent:
		if h.PostToolUseFailure != nil {
			return h.PostToolUseFailure(ctx, e)
		}
	case *PermissionRequestEvent:
		if h.PermissionRequest != nil {
			return h.PermissionRequest(ctx, e)
		}
	case *StopEvent:
		if h.Stop != nil {
			return h.Stop(ctx, e)
		}
	case *SubagentStartEvent:
		if h.SubagentStart != nil {
			return h.SubagentStart(ctx, e)
		}
	case *SubagentStopEvent:
		if h.SubagentStop != nil {
			return h.SubagentStop(ctx, e)
		}
	case *PreCompactEvent:
		if h.PreCompact != nil {
			return h.PreCompact(ctx, e)
		}
	case *NotificationEvent:
		if h.Notification != nil {
			return h.Notification(ctx, e)
		}
	default:
		if fn := h.modelHandler(ev); fn != nil {
			return fn(ctx)
		}
	}
	if h.Any != nil {
		return h.Any(ctx, ev)
	}
	return Response{}, nil
}

// handles reports whether h has a handler for ev (typed, or Any): when it
// has none, the answer is "no opinion" without a goroutine or a timer.
func (h *Handlers) handles(ev Event) bool {
	return h.Any != nil || h.has(ev.Name())
}

// Handled returns the unified events h has a typed handler for, in the
// order of [Events] (hookmain's install registers those).
func (h *Handlers) Handled() []EventName {
	var out []EventName
	for _, e := range Events() {
		if h.has(e) {
			out = append(out, e)
		}
	}
	return out
}

// has reports whether h has a typed handler for the unified event name.
func (h *Handlers) has(name EventName) bool {
	switch name {
	case SessionStart:
		return h.SessionStart != nil
	case SessionEnd:
		return h.SessionEnd != nil
	case UserPromptSubmit:
		return h.UserPromptSubmit != nil
	case PreToolUse:
		return h.PreToolUse != nil
	case PostToolUse:
		return h.PostToolUse != nil
	case PostToolUseFailure:
		return h.PostToolUseFailure != nil
	case PermissionRequest:
		return h.PermissionRequest != nil
	case Stop:
		return h.Stop != nil
	case SubagentStart:
		return h.SubagentStart != nil
	case SubagentStop:
		return h.SubagentStop != nil
	case PreCompact:
		return h.PreCompact != nil
	case Notification:
		return h.Notification != nil
	}
	return h.hasModel(name)
}
