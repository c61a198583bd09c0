package hookhttp

import (
	"sync"
	"time"
)

// RateLimit limits the requests of each developer (the name
// [Handler.Identify] gives; "" for every request without one) to
// PerMinute a minute, with bursts of up to a minute's worth: each
// developer has a bucket of PerMinute requests that refills at
// PerMinute/60 a second. A request past it is answered at once with the
// fail policy ([ErrRate]; Handlers.Unchecked's answer for a tool call
// to judge, when set), in the host's dialect, never with a 429 or a
// 503 (Claude Code lets the action go on after either). Safe for
// concurrent use; set PerMinute before use.
type RateLimit struct {
	// PerMinute is each developer's rate (0 or less: no limit).
	PerMinute int

	mu      sync.Mutex
	buckets map[string]*bucket
}

// bucket is one developer's requests left, as of when.
type bucket struct {
	left float64
	when time.Time
}

// maxBuckets bounds the map before full buckets (developers idle for a
// minute) are dropped from it.
const maxBuckets = 4096

// ErrRate is why a request past its developer's [RateLimit] gets the fail
// policy (or, for a tool call to judge, Handlers.Unchecked's answer: it
// wraps hooks.ErrOverload, as the model controls how many calls it makes).
var ErrRate error = overload("rate limit: too many requests from this developer (-rate)")

// Allow takes one request from user's bucket at now, or reports that it
// is empty.
func (l *RateLimit) Allow(user string, now time.Time) bool {
	if l == nil || l.PerMinute <= 0 {
		return true
	}
	capacity := float64(l.PerMinute)
	perNs := capacity / float64(time.Minute)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buckets == nil {
		l.buckets = map[string]*bucket{}
	}
	b := l.buckets[user]
	if b == nil {
		if len(l.buckets) >= maxBuckets {
			l.sweep(now, perNs, capacity)
		}
		b = &bucket{left: capacity, when: now}
		l.buckets[user] = b
	}
	if d := now.Sub(b.when); d > 0 {
		b.left = min(capacity, b.left+float64(d)*perNs)
		b.when = now
	}
	if b.left < 1 {
		return false
	}
	b.left--
	return true
}

// sweep drops the buckets that are full again: forgetting them changes
// nothing.
func (l *RateLimit) sweep(now time.Time, perNs, capacity float64) {
	for u, b := range l.buckets {
		if b.left+float64(now.Sub(b.when))*perNs >= capacity {
			delete(l.buckets, u)
		}
	}
}
