package hooks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"time"
)

// DefaultMaxInput is the payload size cap when Handlers.MaxInput is 0.
const DefaultMaxInput = 8 << 20

// ErrTooLarge is returned for a payload over the size cap.
var ErrTooLarge = errors.New("payload too large")

// Read reads a payload from r whole: at most Handlers.MaxInput bytes
// (default [DefaultMaxInput]), else an error wrapping [ErrTooLarge],
// returned with the members of the payload's JSON object complete before
// the cap, as an object of their own (nil when there are none), so that
// [Server.Answer] can still tell a tool call, whose handler it gives
// Tool.InputErr. When r has a Len method, the number of bytes left
// (bytes.Reader, strings.Reader, an HTTP body of a declared length), a
// Len over the cap is that error after reading at most 64 KiB, and a
// smaller one sizes the buffer: a payload of that length takes one
// allocation of its size. A Len that is too small costs only
// allocations; the cap holds.
func (s *Server) Read(r io.Reader) ([]byte, error) {
	limit := s.Handlers.MaxInput
	if limit <= 0 {
		limit = DefaultMaxInput
	}
	return readLimited(r, limit)
}

// ReadContext is [Server.Read] under ctx: when ctx is done before stdin
// ends, it gives up with an error wrapping [ErrStdinTimeout]. A reader
// that states its length (bytes.Reader, strings.Reader) cannot block and
// is read directly; anything else (a pipe) is read on a goroutine, which
// a stdin that never ends leaves behind (a hook process exits anyway).
func (s *Server) ReadContext(ctx context.Context, stdin io.Reader) ([]byte, error) {
	if hasLen(stdin) {
		return s.Read(stdin)
	}
	type read struct {
		b   []byte
		err error
	}
	done := make(chan read, 1)
	go func() {
		b, err := s.Read(stdin)
		done <- read{b, err}
	}()
	select {
	case r := <-done:
		return r.b, r.err
	case <-ctx.Done():
		return nil, stdinTimeout(ctx)
	}
}

// readWatched is ReadContext for a hook process (Inline with Exit): stdin
// is read on the calling goroutine, which saves starting a goroutine and
// the hand-off, and a watchdog calls timedOut when ctx is done first;
// timedOut answers, writes and calls Exit, and returns the exit code. A
// timedOut that returns (a test's Exit) leaves readWatched to return once
// reading does, with late true and that code: the answer is given.
func (s *Server) readWatched(ctx context.Context, stdin io.Reader, timedOut func(error) int) (b []byte, code int, late bool, err error) {
	if hasLen(stdin) {
		b, err = s.Read(stdin)
		return b, 0, false, err
	}
	var mu sync.Mutex
	read := false
	stop := context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock() // held until timedOut returns: the answer is its alone
		if !read {
			late, code = true, timedOut(stdinTimeout(ctx))
		}
	})
	b, err = s.Read(stdin)
	stop()
	mu.Lock()
	defer mu.Unlock()
	read = true
	return b, code, late, err
}

// stdinLate is readWatched's timedOut for Serve: it answers req with the
// stdin error (unless req has one already) and the fail policy, writes
// the answer, calls Exit and returns the exit code. A function of its
// own, so that req is copied into the closure on this path only.
func (s *Server) stdinLate(ctx context.Context, req Request, ob *observation, exitBy time.Time, stdout, stderr io.Writer) func(error) int {
	return func(err error) int {
		if req.Err == nil {
			req.Err = err
		}
		req.Payload = nil
		code := s.writeObserved(s.Answer(ctx, req), ob, exitBy, stdout, stderr)
		s.Exit(code)
		return code
	}
}

// stdinTimeout is the error for a stdin that has not ended when ctx is
// done.
func stdinTimeout(ctx context.Context) error {
	return fmt.Errorf("%w (%w)", ErrStdinTimeout, context.Cause(ctx))
}

// ErrStdinTimeout is wrapped by the error [Server.Serve] answers with the
// fail policy when stdin has not ended by the invocation's deadline.
var ErrStdinTimeout = errors.New("stdin did not end in time")

// hasLen reports whether r states the bytes it has left (a bytes.Reader,
// a strings.Reader, an HTTP body of a declared length), which [Server.Read]
// uses. A process's stdin, an *os.File, is told apart first, as a
// concrete type, so that it costs no interface-table lookup.
func hasLen(r io.Reader) bool {
	if _, ok := r.(*os.File); ok {
		return false
	}
	_, ok := r.(interface{ Len() int })
	return ok
}

func readLimited(r io.Reader, limit int64) ([]byte, error) {
	// One allocation for a usual payload, or for one of the length r
	// states; grown by doubling past that. Never more than limit+1 bytes
	// are read, as with io.LimitReader.
	first := int64(firstRead)
	if hasLen(r) {
		switch n := int64(r.(interface{ Len() int }).Len()); {
		case n > limit:
			return readCut(r, min(limit, salvagePeek), limit)
		case n >= 0:
			first = n + 1 // room for the read that sees EOF
		}
	}
	buf := make([]byte, 0, min(limit+1, first))
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, cap(buf))
		}
		room := buf[len(buf):cap(buf)]
		if rest := limit + 1 - int64(len(buf)); int64(len(room)) > rest {
			room = room[:rest]
		}
		n, err := r.Read(room)
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return salvage(buf[:limit]), fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read stdin: %w", err)
		}
	}
}

// readCut reads up to peek bytes of r, a payload whose declared length
// is over limit, and returns the members they hold (salvage) with the
// error for a payload too large.
func readCut(r io.Reader, peek, limit int64) ([]byte, error) {
	buf := make([]byte, peek)
	n, _ := io.ReadFull(r, buf)
	return salvage(buf[:n]), fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
}

// firstRead is the size of the first read buffer: room for the hosts'
// smaller payloads (a few hundred bytes); larger ones grow it.
const firstRead = 1 << 10
