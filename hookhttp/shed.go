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
// stops when none has.
type shedder struct {
	mu       sync.Mutex
	gen      context.Context // ended, with ErrHeap, when the heap is over
	end      context.CancelCauseFunc
	joined   atomic.Int64 // requests joined and not done
	watching atomic.Bool  // the timer is armed
}

// join returns ctx, ended with cause ErrHeap if the heap goes over before
// done is called, and starts watching the heap.
func (s *shedder) join(ctx context.Context, g *Handler) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(s.current(), func() { cancel(ErrHeap) })
	s.joined.Add(1)
	s.watch(g)
	return ctx, func() {
		s.joined.Add(-1)
		stop()
		cancel(nil)
	}
}

// current is the context that ends when the heap is next found over.
func (s *shedder) current() context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gen == nil {
		s.gen, s.end = context.WithCancelCause(context.Background())
	}
	return s.gen
}

// shedAll ends the context of every request joined.
func (s *shedder) shedAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.end != nil {
		s.end(ErrHeap)
		s.gen, s.end = nil, nil
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
