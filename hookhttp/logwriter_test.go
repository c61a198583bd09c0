package hookhttp_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks/hookhttp"
)

// gatedWriter is a log nobody reads until open is closed (a stderr pipe
// that is full, a FIFO).
type gatedWriter struct {
	open chan struct{}
	mu   sync.Mutex
	buf  bytes.Buffer
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	<-g.open
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.buf.Write(p)
}

func (g *gatedWriter) String() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.buf.String()
}

// SECURITY.md: the gateway's log cannot hold an answer. With its logger
// writing to a stderr nobody reads, a request is answered at once (the
// answer of an HTTP/1 request is sent when ServeHTTP returns, after its
// log line: without a LogWriter the answer waits for the log, past the
// host's timeout, which fails open). Lines past the queue are dropped and
// counted; once the log is read again, the rest is written whole, in
// order, with the count.
func TestLogWriterNeverBlocksAnAnswer(t *testing.T) {
	for _, queued := range []bool{true, false} {
		t.Run(fmt.Sprintf("queued=%v", queued), func(t *testing.T) {
			gw := &gatedWriter{open: make(chan struct{})}
			lw := hookhttp.NewLogWriter(gw)
			logger := hookhttp.JSONLogger(gw)
			if queued {
				logger = hookhttp.JSONLogger(lw)
			}
			g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: logger}
			answered := make(chan string, 1)
			go func() { answered <- post(g, "/?host=one", `{"hook_event_name":"Pre","tool":"rm -rf /"}`).Body.String() }()
			select {
			case body := <-answered:
				if !queued {
					t.Errorf("answered %q through a log that blocks: the control no longer shows the hazard", body)
				} else if !strings.Contains(body, `"decision":"deny"`) {
					t.Errorf("answer %q", body)
				}
			case <-time.After(2 * time.Second):
				if queued {
					t.Fatal("the answer waits for the log")
				}
			}
			close(gw.open)
			if !queued {
				<-answered
			}
		})
	}
	// The queue: 4 MiB waits, the rest is dropped and counted.
	gw := &gatedWriter{open: make(chan struct{})}
	lw := hookhttp.NewLogWriter(gw)
	line := strings.Repeat("x", 1023) + "\n"
	const n = 3 * hookhttp.MaxLogQueue / 1024 // at most two queues' worth are held: the batch being written, the queue
	for range n {
		lw.Write([]byte(line))
	}
	close(gw.open)
	if !lw.Flush(10 * time.Second) {
		t.Fatal("Flush timed out")
	}
	lines := strings.Split(strings.TrimSuffix(gw.String(), "\n"), "\n")
	last := lines[len(lines)-1]
	var m struct{ Dropped int }
	if err := json.Unmarshal([]byte(last), &m); err != nil || m.Dropped < n/3 || len(lines)-1+m.Dropped != n {
		t.Errorf("%d lines written, the last %.200q: want the count of the lines dropped, and the others", len(lines), last)
	}
	for _, l := range lines[:len(lines)-1] {
		if l+"\n" != line {
			t.Fatalf("a torn line of %d bytes", len(l))
		}
	}
}

// countingWriter counts the writes it is given.
type countingWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	writes int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writes++
	return c.buf.Write(p)
}

func (c *countingWriter) state() (string, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String(), c.writes
}

// A LogWriter that lines keep coming to writes them in batches, at most
// every LogEvery (a busy gateway does not pay a goroutine and a write a
// line); a line of a quiet log is written at once; every line is written,
// in order, without Flush, and Flush writes a batch that is due later at
// once.
func TestLogWriterBatches(t *testing.T) {
	cw := &countingWriter{}
	lw := hookhttp.NewLogWriter(cw)
	var want strings.Builder
	for i := range 1000 {
		line := fmt.Sprintf("line %d\n", i)
		want.WriteString(line)
		lw.Write([]byte(line))
	}
	start := time.Now()
	if !lw.Flush(10 * time.Second) {
		t.Fatal("Flush timed out")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Flush took %v", d)
	}
	got, writes := cw.state()
	if got != want.String() {
		t.Fatalf("lines lost or out of order: %d bytes, want %d", len(got), want.Len())
	}
	if writes > 100 {
		t.Errorf("%d writes for 1000 lines written at once", writes)
	}
	// Without Flush: every line is written, a quiet log's at once.
	time.Sleep(2 * hookhttp.LogEvery)
	lw.Write([]byte("quiet\n"))
	lw.Write([]byte("then busy\n"))
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, _ := cw.state()
		if strings.HasSuffix(got, "quiet\nthen busy\n") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("lines not written without Flush: %q", got[max(0, len(got)-40):])
		}
		time.Sleep(time.Millisecond)
	}
}
