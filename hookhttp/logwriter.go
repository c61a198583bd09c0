package hookhttp

import (
	"io"
	"strconv"
	"sync"
	"time"
)

// A LogWriter is a log's writer that never blocks the request that logs:
// each Write queues its bytes (at most MaxLogQueue bytes wait) and a
// goroutine of its own writes them to the underlying writer, in order:
// at once when the log has been quiet, else in batches at most every
// [LogEvery], so that a busy gateway does not start a goroutine and a
// write for each line.
// A log that cannot keep up (a stderr pipe nobody reads, a FIFO, a disk
// that hangs) would otherwise hold every answer behind its line: with a
// LogWriter a full queue drops lines, and the number dropped is written
// as a line of its own once the writer catches up. The gateway's default
// logger writes stderr through one; [JSONLogger] given a LogWriter keeps
// its lines whole. Create it with [NewLogWriter]; call Flush before the
// program exits.
type LogWriter struct {
	w io.Writer

	mu      sync.Mutex
	queue   []byte      // waiting to be written
	spare   []byte      // the buffer being written, reused
	dropped int         // lines dropped since the last written
	busy    bool        // a write of the queue is due (timer) or under way (drain)
	last    time.Time   // when the last drain ended
	timer   *time.Timer // starts a drain LogEvery after the last
	idle    *sync.Cond
}

// LogEvery is how often, at most, a [LogWriter] writes its queue while
// lines keep coming: a line waits at most this long, unless Flush is
// called, which writes the queue at once.
const LogEvery = 5 * time.Millisecond

// MaxLogQueue is the most bytes a [LogWriter] holds waiting.
const MaxLogQueue = 4 << 20

// NewLogWriter returns a LogWriter that writes to w.
func NewLogWriter(w io.Writer) *LogWriter {
	l := &LogWriter{w: w}
	l.idle = sync.NewCond(&l.mu)
	return l
}

// Write queues b, a whole line or lines, and returns at once: len(b) and
// no error, also when the queue is full and b is dropped.
func (l *LogWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.queue)+len(b) > MaxLogQueue {
		l.dropped++
		return len(b), nil
	}
	l.queue = append(l.queue, b...)
	if !l.busy {
		l.busy = true
		if wait := LogEvery - time.Since(l.last); wait > 0 {
			if l.timer == nil {
				l.timer = time.AfterFunc(wait, l.drain)
			} else {
				l.timer.Reset(wait)
			}
		} else {
			go l.drain()
		}
	}
	return len(b), nil
}

// drain writes what is queued until the queue is empty.
func (l *LogWriter) drain() {
	l.mu.Lock()
	for len(l.queue) > 0 || l.dropped > 0 {
		out, dropped := l.queue, l.dropped
		l.queue, l.spare, l.dropped = l.spare[:0], nil, 0
		l.mu.Unlock()
		l.w.Write(out)
		if dropped > 0 {
			io.WriteString(l.w, `{"time":"`+time.Now().Format(time.RFC3339Nano)+`","level":"WARN","msg":"log lines dropped: the log's writer did not keep up","dropped":`+strconv.Itoa(dropped)+"}\n")
		}
		l.mu.Lock()
		if cap(out) <= MaxLogQueue {
			l.spare = out[:0]
		}
	}
	l.busy = false
	l.last = time.Now()
	l.idle.Broadcast()
	l.mu.Unlock()
}

// Flush writes what is queued now, waits until it has been written, or
// until timeout has passed, and reports whether the queue was written.
func (l *LogWriter) Flush(timeout time.Duration) bool {
	l.mu.Lock()
	if l.busy && l.timer != nil && l.timer.Stop() {
		// The drain was due later: none runs, nor will the timer start
		// one (it is armed only while none runs).
		go l.drain()
	}
	l.mu.Unlock()
	done := make(chan struct{})
	go func() {
		l.mu.Lock()
		for l.busy {
			l.idle.Wait()
		}
		l.mu.Unlock()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(timeout):
		return false
	}
}
