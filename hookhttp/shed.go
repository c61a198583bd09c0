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
// their own entries, so that joining costs the context and its entry.
type shedder struct {
	mu       sync.Mutex
	head     *shedEntry   // the requests joined
	joined   atomic.Int64 // their number
	watching atomic.Bool  // the timer is armed
}

// A shedEntry is one request joined to a shedder.
type shedEntry struct {
	cancel     context.CancelCauseFunc
	prev, next *shedEntry
	s          *shedder
}

// join returns ctx, ended with cause ErrHeap if the heap goes over before
// done is called, and starts watching the heap.
func (s *shedder) join(ctx context.Context, g *Handler) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	e := &shedEntry{cancel: cancel, s: s}
	s.mu.Lock()
	e.next = s.head
	if s.head != nil {
		s.head.prev = e
	}
	s.head = e
	s.mu.Unlock()
	s.joined.Add(1)
	s.watch(g)
	return ctx, e.done
}

// done takes e off its shedder's list and ends its context.
func (e *shedEntry) done() {
	s := e.s
	s.mu.Lock()
	if e.prev != nil {
		e.prev.next = e.next
	} else if s.head == e {
		s.head = e.next
	}
	if e.next != nil {
		e.next.prev = e.prev
	}
	e.prev, e.next = nil, nil
	s.mu.Unlock()
	s.joined.Add(-1)
	e.cancel(nil)
}

// shedAll ends the context of every request joined, with ErrHeap.
func (s *shedder) shedAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for e := s.head; e != nil; e = e.next {
		e.cancel(ErrHeap)
	}
}

// watch arms the timer that reads the heap, unless it is armed.
func (s *shedder) watch(g *Handler) {
	if s.watching.CompareAndSwap(false, true) {
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
