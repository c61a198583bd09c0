package hooks

import (
	"context"
	"sync"
	"time"
)

// A Check is one rule a policy ran on an event, as it reports it with
// [ReportCheck]: its name, its verdict and how long it took. A gateway's
// record of the request lists them.
type Check struct {
	Name     string
	Decision Decision
	Duration time.Duration
	// Note says what the check found, or is "".
	Note string
}

// A CheckLog collects the checks a policy reports while it answers one
// event ([WithCheckLog], [ReportCheck]). It is safe for concurrent use.
type CheckLog struct {
	mu     sync.Mutex
	checks []Check
}

type checkLogKey struct{}

// WithCheckLog returns ctx carrying a new CheckLog, which [ReportCheck]
// on ctx (or a context derived from it, such as a handler's) appends to.
// [Server.Serve] does it when Handlers.OnResult is set, and a gateway
// (hookhttp.Handler) for every request.
func WithCheckLog(ctx context.Context) (context.Context, *CheckLog) {
	cl := &CheckLog{}
	return cl.In(ctx), cl
}

// In returns ctx carrying l, as [WithCheckLog] does with a new one; a
// transport that holds a CheckLog in its own per-request state saves an
// allocation per request with it. l must not be copied once in use.
func (l *CheckLog) In(ctx context.Context) context.Context {
	return context.WithValue(ctx, checkLogKey{}, l)
}

// ChecksLogged reports whether ctx carries a [CheckLog]: a policy that
// times its checks for [ReportCheck] may skip the clock when it does not
// (nobody reads the checks).
func ChecksLogged(ctx context.Context) bool {
	_, ok := ctx.Value(checkLogKey{}).(*CheckLog)
	return ok
}

// ReportCheck records c in the CheckLog of ctx, if it has one; otherwise
// it does nothing, at the cost of one context lookup. A policy calls it
// once per rule it ran:
//
//	start := time.Now()
//	d := rmRule(cmd)
//	hooks.ReportCheck(ctx, hooks.Check{Name: "rm-rf", Decision: d, Duration: time.Since(start)})
func ReportCheck(ctx context.Context, c Check) {
	cl, _ := ctx.Value(checkLogKey{}).(*CheckLog)
	if cl == nil {
		return
	}
	cl.mu.Lock()
	if len(cl.checks) < maxChecks {
		c.Name, c.Note = bound(c.Name), bound(c.Note)
		cl.checks = append(cl.checks, c)
	}
	cl.mu.Unlock()
}

// maxChecks bounds the checks kept per event.
const maxChecks = 64

// Checks returns the checks reported so far, in order.
func (cl *CheckLog) Checks() []Check {
	if cl == nil {
		return nil
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return append([]Check(nil), cl.checks...)
}
