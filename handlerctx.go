package hooks

import (
	"context"
	"sync"
	"time"
)

// handlerCtx is the context a handler gets on the calling goroutine (see
// answerInline): its parent's values, the earlier of its parent's
// deadline and the handler's budget, and one timer, which both ends the
// context and answers late (the watchdog).
//
// It is what context.WithTimeout and a second timer did before, at one
// allocation shared with its [inlineCall] instead of five: its Done
// channel is made, and its parent watched, only when a handler asks for
// Done, so a handler that never waits costs neither. It ends when its
// deadline passes, when its parent ends (seen by Err and Done) and when
// the handler returns. (context.Cause finds its parent's cause, as for
// any context not made by package context: once the parent has ended, that
// cause, even after the deadline.)
type handlerCtx struct {
	parent   context.Context
	deadline time.Time
	timed    bool
	checks   *CheckLog // the value of checkLogKey, when set (Request.Checks)

	mu       sync.Mutex
	err      error
	byParent bool // err is the parent's
	done     chan struct{}
	unwatch  func() bool // stops watching the parent (set with done)
}

func (x *handlerCtx) Deadline() (time.Time, bool) { return x.deadline, x.timed }

func (x *handlerCtx) Value(key any) any {
	if _, ok := key.(checkLogKey); ok && x.checks != nil {
		return x.checks
	}
	return x.parent.Value(key)
}

// Done returns the channel closed when the context ends, made on the
// first call.
func (x *handlerCtx) Done() <-chan struct{} {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.done != nil {
		return x.done
	}
	x.done = make(chan struct{})
	switch {
	case x.err != nil:
		close(x.done)
	case x.parent.Err() != nil:
		x.err, x.byParent = x.parent.Err(), true
		close(x.done)
	default:
		x.unwatch = context.AfterFunc(x.parent, func() { x.end(x.parent.Err(), true) })
	}
	return x.done
}

// Err returns why the context ended, nil while it has not. A parent that
// has ended ends it here, so that Done is closed whenever Err is not nil.
func (x *handlerCtx) Err() error {
	x.mu.Lock()
	err := x.err
	x.mu.Unlock()
	if err != nil {
		return err
	}
	if err := x.parent.Err(); err != nil {
		x.end(err, true)
		return x.Err()
	}
	return nil
}

// end ends the context with err (its parent's when byParent), unless it
// has ended already.
func (x *handlerCtx) end(err error, byParent bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.err != nil {
		return
	}
	x.err, x.byParent = err, byParent
	if x.done != nil {
		close(x.done)
	}
}

// finish ends the context once the handler has returned (goroutines it
// left waiting on Done are released), and returns why it had ended
// before: nil, the deadline, or its parent's cause.
func (x *handlerCtx) finish() error {
	cause := x.Err()
	x.end(context.Canceled, false)
	x.mu.Lock()
	unwatch, byParent := x.unwatch, x.byParent
	x.mu.Unlock()
	if cause != nil && byParent {
		cause = context.Cause(x.parent)
	}
	if unwatch != nil {
		unwatch()
	}
	return cause
}

func (x *handlerCtx) String() string { return "hooks.handlerCtx" }
