package hookhttp

import (
	"cmp"
	"runtime/metrics"
	"sync/atomic"
	"time"

	"github.com/agenthooks/hooks"
)

// DefaultMaxInFlight is Handler.MaxInFlight when 0. With the default
// body cap (hooks.DefaultMaxInput, 8 MiB) the bodies held at once stay
// under 512 MiB.
const DefaultMaxInFlight = 64

// BusyPeek is how much of the body of a request past Handler.MaxInFlight
// is read to answer it for its event: an ordinary event fits; a larger
// one is answered as an unknown event of its host (a block under
// fail-closed).
const BusyPeek = 64 << 10

// ErrBusy is why a request past Handler.MaxInFlight gets the fail policy
// (or, for a tool call to judge, Handlers.Unchecked's answer: it wraps
// hooks.ErrOverload, as ErrOverdue and ErrHeap do).
var ErrBusy error = overload("gateway busy: too many requests in flight (Handler.MaxInFlight)")

// overload is an error of work refused for its load: it wraps
// hooks.ErrOverload, so that a tool call to judge gets
// Handlers.Unchecked's answer (the model controls how many calls it
// makes and how large they are).
type overload string

func (e overload) Error() string { return string(e) }

// Is reports whether target is hooks.ErrOverload.
func (e overload) Is(target error) bool { return target == hooks.ErrOverload }

// DefaultMaxOverdue is Handler.MaxOverdue when 0.
const DefaultMaxOverdue = 4

// OverdueGrace is how long past its deadline a handler may run before it
// counts against Handler.MaxOverdue: one that checks its context returns
// well within it.
const OverdueGrace = 100 * time.Millisecond

// overrun is one handler's state for MaxOverdue.
type overrun struct{ state atomic.Int32 }

// The states of an overrun.
const (
	running  = iota
	late     // past its deadline, within OverdueGrace
	counted  // past OverdueGrace: counted in Handler.overdue
	returned // the handler returned
)

// ErrOverdue is why a request gets the fail policy while
// Handler.MaxOverdue handlers run past their deadline.
var ErrOverdue error = overload("gateway busy: too many handlers running past their deadline (Handler.MaxOverdue)")

// ErrHeap is why a request gets the fail policy while the heap holds more
// than Handler.MaxHeap.
var ErrHeap error = overload("gateway busy: heap over its limit (Handler.MaxHeap)")

// heapEvery is how often MaxHeap's check reads the heap's size.
const heapEvery = 10 * time.Millisecond

// heapFull reports whether the heap held more than MaxHeap when last
// read, reading it again when that is heapEvery old.
func (g *Handler) heapFull(now time.Time) bool {
	t := now.UnixNano()
	last := g.heapAt.Load()
	if t-last >= int64(heapEvery) && g.heapAt.CompareAndSwap(last, t) {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		metrics.Read(s)
		g.heapOver.Store(s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() > g.MaxHeap)
	}
	return g.heapOver.Load()
}

// admit takes a place for a request of user, or says why there is none.
func (g *Handler) admit(now time.Time, user string) error {
	if !g.Rate.Allow(user, now) {
		return ErrRate
	}
	if g.MaxHeap > 0 && g.heapFull(now) {
		return ErrHeap
	}
	if limit := int64(g.MaxOverdue); limit >= 0 && g.overdue.Load() >= cmp.Or(limit, DefaultMaxOverdue) {
		return ErrOverdue
	}
	if !g.acquire() {
		return ErrBusy
	}
	return nil
}

// acquire takes a place for a request, or reports that there is none.
func (g *Handler) acquire() bool {
	limit := int64(g.MaxInFlight)
	if limit == 0 {
		limit = DefaultMaxInFlight
	}
	if limit < 0 {
		return true
	}
	if g.inFlight.Add(1) > limit {
		g.inFlight.Add(-1)
		return false
	}
	return true
}

// release gives a place back, once its handler has returned; o, when not
// nil, is the handler's overrun state.
func (g *Handler) release(o *overrun) {
	if o != nil && o.state.Swap(returned) == counted {
		g.overdue.Add(-1)
	}
	if g.MaxInFlight >= 0 {
		g.inFlight.Add(-1)
	}
}

// overran notes that the handler of o passed its deadline: it counts in
// g.overdue from OverdueGrace on, until release.
func (g *Handler) overran(o *overrun) {
	if !o.state.CompareAndSwap(running, late) {
		return
	}
	time.AfterFunc(OverdueGrace, func() {
		if o.state.CompareAndSwap(late, counted) {
			g.overdue.Add(1)
		}
	})
}

// InFlight returns the number of requests holding a place: being read or
// answered, or whose handler has not returned yet.
func (g *Handler) InFlight() int { return int(g.inFlight.Load()) }
