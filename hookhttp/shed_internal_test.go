package hookhttp

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestShedCtx holds a request's context joined to the heap watch to what
// context.WithCancelCause(parent) gave: its parent's values, deadline and
// end (error and cause), ErrHeap as the cause once shed, Canceled once
// done, Done closed whenever Err is set, in whichever order these come
// and whether Done was asked for before or not.
func TestShedCtx(t *testing.T) {
	type key struct{}
	g := &Handler{MaxHeap: 1 << 40}
	for _, early := range []bool{false, true} { // Done asked for before the end
		for _, end := range []string{"shed", "done", "parent", "shed-then-done", "parent-then-shed"} {
			deadline := time.Now().Add(time.Hour)
			parent, cancelParent := context.WithDeadline(context.WithValue(context.Background(), key{}, "v"), deadline)
			var c shedCtx
			ctx := g.shed.join(&c, parent, g)
			if ctx.Value(key{}) != "v" {
				t.Fatalf("%s: value %v", end, ctx.Value(key{}))
			}
			if d, ok := ctx.Deadline(); !ok || !d.Equal(deadline) {
				t.Fatalf("%s: deadline %v %v", end, d, ok)
			}
			var done <-chan struct{}
			if early {
				done = ctx.Done()
			}
			if ctx.Err() != nil || context.Cause(ctx) != nil {
				t.Fatalf("%s: ended before its end: %v", end, ctx.Err())
			}
			wantErr, wantCause := context.Canceled, error(ErrHeap)
			switch end {
			case "shed":
				g.shed.shedAll()
				c.done()
			case "done":
				c.done()
				wantCause = context.Canceled
			case "parent":
				cancelParent()
				wantCause = context.Canceled
			case "shed-then-done":
				g.shed.shedAll()
				c.done()
			case "parent-then-shed":
				cancelParent()
				g.shed.shedAll()
				wantCause = context.Canceled
			}
			if err := ctx.Err(); err != wantErr {
				t.Errorf("early=%v %s: Err %v, want %v", early, end, err, wantErr)
			}
			if !early {
				done = ctx.Done()
			}
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatalf("early=%v %s: Done not closed", early, end)
			}
			if end != "done" || early { // a context never made has its parent's cause once done
				if got := context.Cause(ctx); !errors.Is(got, wantCause) {
					t.Errorf("early=%v %s: cause %v, want %v", early, end, got, wantCause)
				}
			}
			if ctx.Value(key{}) != "v" {
				t.Errorf("early=%v %s: value lost", early, end)
			}
			c.done() // twice: no effect
			cancelParent()
			if g.shed.joined.Load() < 0 || g.shed.head != nil {
				t.Fatalf("early=%v %s: the list holds %d", early, end, g.shed.joined.Load())
			}
		}
	}
}
