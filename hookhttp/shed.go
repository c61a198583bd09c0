package hookhttp

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// A shedder cancels the handlers running when the heap goes over
// Handler.MaxHeap: each request joins it with its context, which ends
// (cause ErrHeap) when the heap is found over while it runs. The heap is
// read every heapEvery while any request has joined, by a timer that
// stops when none has. The requests joined are a list linked through
// their own contexts (a shedCtx inside each request's exchange), so that
// joining costs no allocation.
type shedder struct {
	mu       sync.Mutex
	head     *shedCtx     // the requests joined
	joined   atomic.Int64 // their number
	watching atomic.Bool  // the timer is armed
}

// A shedCtx is a request's context joined to a shedder: it behaves as
// context.WithCancelCause(parent) would, cancelled with ErrHeap when the
// heap goes over and with nil when the request is done, but makes that
// context only when it is needed: when someone asks for Done (a handler
// that waits on its context, a context derived from it), or when it is
// shed. Until then its Err is its parent's, and its values are its
// parent's. A request whose handler never waits and is not shed
// allocates nothing for it, and registers nothing with its parent. (One
// difference, after the request: once done, a context never made reports
// context.Canceled from Err and Done, but context.Cause finds its
// parent's cause, as for the core's handler context.)
type shedCtx struct {
	parent     context.Context
	s          *shedder
	prev, next *shedCtx // under s.mu

	mu     sync.Mutex
	ctx    context.Context // context.WithCancelCause(parent), once made
	cancel context.CancelCauseFunc
	ended  error // why it ended before ctx was made (done: its parent's Err, else Canceled)
}

// join links c into s's list as a context of parent and starts watching
// the heap. Call c.done when the request is done.
func (s *shedder) join(c *shedCtx, parent context.Context, g *Handler) context.Context {
	c.parent, c.s = parent, s
	s.mu.Lock()
	c.next = s.head
	if s.head != nil {
		s.head.prev = c
	}
	s.head = c
	s.mu.Unlock()
	s.joined.Add(1)
	s.watch(g)
	return c
}

// done takes c off its shedder's list and ends it; once.
func (c *shedCtx) done() {
	s := c.s
	if s == nil {
		return
	}
	c.s = nil
	s.mu.Lock()
	if c.prev != nil {
		c.prev.next = c.next
	} else if s.head == c {
		s.head = c.next
	}
	if c.next != nil {
		c.next.prev = c.prev
	}
	c.prev, c.next = nil, nil
	s.mu.Unlock()
	s.joined.Add(-1)
	c.mu.Lock()
	cancel := c.cancel
	if cancel == nil && c.ended == nil {
		c.ended = c.parent.Err()
		if c.ended == nil {
			c.ended = context.Canceled
		}
	}
	c.mu.Unlock()
	if cancel != nil {
		cancel(nil)
	}
}

// made returns c's context, made now if it was not (under c.mu).
func (c *shedCtx) made() context.Context {
	if c.ctx == nil {
		c.ctx, c.cancel = context.WithCancelCause(c.parent)
		if c.ended != nil {
			c.cancel(nil)
		}
	}
	return c.ctx
}

// shed ends c with cause ErrHeap.
func (c *shedCtx) shed() {
	c.mu.Lock()
	c.made()
	cancel := c.cancel
	c.mu.Unlock()
	cancel(ErrHeap)
}

func (c *shedCtx) Deadline() (time.Time, bool) { return c.parent.Deadline() }

func (c *shedCtx) Done() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.made().Done()
}

func (c *shedCtx) Err() error {
	c.mu.Lock()
	ctx, ended := c.ctx, c.ended
	c.mu.Unlock()
	switch {
	case ctx != nil:
		return ctx.Err()
	case ended != nil:
		return ended
	}
	return c.parent.Err()
}

// Value is the parent's, or, once made, that of c's context (so that
// context.Cause finds the cause it was cancelled with).
func (c *shedCtx) Value(key any) any {
	c.mu.Lock()
	ctx := c.ctx
	c.mu.Unlock()
	if ctx != nil {
		return ctx.Value(key)
	}
	return c.parent.Value(key)
}

func (c *shedCtx) String() string { return "hookhttp.shedCtx" }

// shedAll ends the context of every request joined, with ErrHeap.
func (s *shedder) shedAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := s.head; c != nil; c = c.next {
		c.shed()
	}
}

// watch arms the timer that reads the heap, unless it is armed.
func (s *shedder) watch(g *Handler) {
	// Loaded first: a failed compare-and-swap still takes the line from
	// the other cores, and the timer is armed for nearly every request.
	if !s.watching.Load() && s.watching.CompareAndSwap(false, true) {
		time.AfterFunc(heapEvery, func() { s.tick(g) })
	}
}

// tick reads the heap, sheds when it is over, and arms the timer again
// while requests are joined.
func (s *shedder) tick(g *Handler) {
	if g.heapFull(time.Now()) {
		s.shedAll()
	}
	if s.joined.Load() > 0 {
		time.AfterFunc(heapEvery, func() { s.tick(g) })
		return
	}
	s.watching.Store(false)
	if s.joined.Load() > 0 { // one joined after the load above
		s.watch(g)
	}
}
