package hooks

import (
	"io"
	"strconv"
	"sync/atomic"
	"time"
)

// An exitGuard bounds the end of a hook process's invocation: the
// answer's write and Handlers.OnResult. A host that stops reading stdout
// (or stderr) leaves a write blocked in the pipe; an observer can block
// too (a decision log on a file system that hangs). At its time the
// guard says so on one stderr line and calls Server.Exit: with the
// answer's code when it was written (the answer stands), else with the
// code of an answer not written (2 when it blocks or the fail policy is
// closed, else 1; see [Result.Write]). It costs a timer, armed only in a
// process (Server.Exit set).
type exitGuard struct {
	state  atomic.Int32 // writing, observing, then done
	code   atomic.Int32 // the answer's exit code, once written
	lost   int          // the exit code if the answer is not written
	stderr io.Writer
	exit   func(int)
	t      *time.Timer
}

// The states of an exitGuard.
const (
	guardWriting = iota
	guardObserving
	guardDone
)

// guardExit arms an exitGuard for res, firing at by.
func (s *Server) guardExit(by time.Time, res Result, stderr io.Writer) *exitGuard {
	g := &exitGuard{lost: s.lostCode(res), stderr: stderr, exit: s.Exit}
	g.t = time.AfterFunc(time.Until(by), g.fire)
	return g
}

// lostCode is the exit code of res when its answer cannot be written, as
// [Server.write] gives it.
func (s *Server) lostCode(res Result) int {
	return res.lostCode(failBlocks(s.Handlers.Fail, res.Event))
}

// written notes that the answer was written, with exit code code: what
// is left is the observer.
func (g *exitGuard) written(code int) {
	if g == nil {
		return
	}
	g.code.Store(int32(code))
	g.state.Store(guardObserving)
}

// stop disarms the guard.
func (g *exitGuard) stop() {
	if g == nil {
		return
	}
	g.state.Store(guardDone)
	g.t.Stop()
}

// fire says what did not end in time and calls exit.
func (g *exitGuard) fire() {
	var line string
	code := g.lost
	switch g.state.Load() {
	case guardDone:
		return
	case guardWriting:
		line = "hooks: the answer could not be written in time (the host does not read the hook's output): exit " + strconv.Itoa(code) + "\n"
	default:
		code = int(g.code.Load())
		line = "hooks: the decision log (Handlers.OnResult) did not finish in time: the answer written stands, exit " + strconv.Itoa(code) + "\n"
	}
	sayBriefly(g.stderr, line)
	g.exit(code)
}

// sayBriefly writes line to w, waiting at most 50 ms: a stderr nobody
// reads must not hold the exit either.
func sayBriefly(w io.Writer, line string) {
	done := make(chan struct{})
	go func() {
		io.WriteString(w, line)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(50 * time.Millisecond):
	}
}
