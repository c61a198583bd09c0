package hooks

import (
	"context"
	"errors"
	"testing"
	"time"
)

type ctxKey struct{}

// TestHandlerCtx holds the handler's context to what context.WithTimeout
// gave before: values from its parent, the earlier deadline, Done closed
// whenever Err is set, and the parent's cause kept.
func TestHandlerCtx(t *testing.T) {
	t.Run("values and deadline", func(t *testing.T) {
		parent, cancel := context.WithDeadline(context.WithValue(context.Background(), ctxKey{}, "v"), time.Now().Add(time.Hour))
		defer cancel()
		x := &handlerCtx{parent: parent, deadline: time.Now().Add(time.Minute), timed: true}
		if got := x.Value(ctxKey{}); got != "v" {
			t.Errorf("Value = %v, want v", got)
		}
		if d, ok := x.Deadline(); !ok || !d.Equal(x.deadline) {
			t.Errorf("Deadline = %v, %v", d, ok)
		}
		if x.Err() != nil {
			t.Errorf("Err = %v before the end", x.Err())
		}
		select {
		case <-x.Done():
			t.Fatal("Done closed before the end")
		default:
		}
		if cause := x.finish(); cause != nil {
			t.Errorf("finish = %v, want nil (it had not ended)", cause)
		}
		<-x.Done() // released once the handler returned
		if !errors.Is(x.Err(), context.Canceled) {
			t.Errorf("Err after finish = %v", x.Err())
		}
	})
	t.Run("parent cancelled, seen by Done", func(t *testing.T) {
		why := errors.New("client gone")
		parent, cancel := context.WithCancelCause(context.Background())
		x := &handlerCtx{parent: parent}
		done := x.Done()
		cancel(why)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Done not closed after the parent ended")
		}
		if !errors.Is(x.Err(), context.Canceled) {
			t.Errorf("Err = %v, want Canceled", x.Err())
		}
		if got := context.Cause(x); got != why {
			t.Errorf("Cause = %v, want %v", got, why)
		}
		if cause := x.finish(); cause != why {
			t.Errorf("finish = %v, want the parent's cause", cause)
		}
	})
	t.Run("parent cancelled, seen by Err first", func(t *testing.T) {
		parent, cancel := context.WithCancel(context.Background())
		x := &handlerCtx{parent: parent}
		cancel()
		if !errors.Is(x.Err(), context.Canceled) {
			t.Fatalf("Err = %v, want Canceled", x.Err())
		}
		select {
		case <-x.Done(): // closed at once: Err was set
		default:
			t.Fatal("Done open while Err is set")
		}
	})
	t.Run("deadline", func(t *testing.T) {
		parent, cancel := context.WithCancel(context.Background())
		x := &handlerCtx{parent: parent}
		done := x.Done()
		x.end(context.DeadlineExceeded, false)
		<-done
		if got := context.Cause(x); got != context.DeadlineExceeded {
			t.Errorf("Cause = %v, want DeadlineExceeded", got)
		}
		cancel() // later: the deadline stays the cause the answer gives
		if cause := x.finish(); cause != context.DeadlineExceeded {
			t.Errorf("finish = %v, want DeadlineExceeded", cause)
		}
	})
	t.Run("AfterFunc on it", func(t *testing.T) {
		x := &handlerCtx{parent: context.Background()}
		ran := make(chan struct{})
		context.AfterFunc(x, func() { close(ran) })
		x.finish()
		select {
		case <-ran:
		case <-time.After(10 * time.Second):
			t.Fatal("AfterFunc did not run after the context ended")
		}
	})
}
