package hooks

import (
	"errors"
	"fmt"
	"runtime/debug"
)

// ErrOverload is wrapped by the errors of work refused for its load (a
// gateway's Handler.MaxInFlight, MaxHeap, MaxOverdue): a tool call to
// judge refused so is answered by Handlers.Unchecked when set, as the
// model controls how many calls it makes and how large they are.
var ErrOverload = errors.New("overloaded")

// uncheckedResult answers ev, which could not be judged for cause (a
// deadline, an overload): with Handlers.Unchecked for a tool call to
// judge, when set, else with the fail policy.
func uncheckedResult(a Adapter, h Handlers, ev Event, cause error) Result {
	if h.Unchecked == nil || judged(ev) == nil {
		return failResult(a, h, ev, cause)
	}
	resp, err := callUnchecked(h, ev, cause)
	if err != nil {
		return failResult(a, h, ev, err)
	}
	res := finish(a, h, ev, resp)
	if res.Err == nil {
		res.Err = &UncheckedError{Cause: cause}
	}
	return res
}

// callUnchecked calls Handlers.Unchecked, a panic becoming an error.
func callUnchecked(h Handlers, ev Event, cause error) (r Response, err error) {
	defer func() {
		if p := recover(); p != nil {
			r, err = Response{}, fmt.Errorf("Handlers.Unchecked: %w", &PanicError{Value: p, Stack: debug.Stack()})
		}
	}()
	return h.Unchecked(ev, cause), nil
}

// UncheckedError is [Result.Err] when Handlers.Unchecked answered: Cause
// is why the event could not be judged.
type UncheckedError struct{ Cause error }

func (e *UncheckedError) Error() string {
	return "not judged, answered by Handlers.Unchecked: " + e.Cause.Error()
}

func (e *UncheckedError) Unwrap() error { return e.Cause }
