// Package drainload loads a server over many keep-alive connections while
// it stops, and counts what became of every request: answered in full,
// refused before it was sent (the server no longer accepts connections),
// or dropped (sent, and then no full answer: what a graceful stop must
// never do). It is shared by the tests of hookhttp.Serve and of
// examples/gateway.
package drainload

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Load is one run.
type Load struct {
	// URL, Header and Body make each request (a POST).
	URL    string
	Header http.Header
	Body   []byte
	// Check says whether an answer is the expected one.
	Check func(status int, body []byte) error
	// Clients is the number of client loops, each with its own
	// keep-alive connection; Max bounds each loop's requests, and
	// Deadline the whole run.
	Clients, Max int
	Deadline     time.Duration
	// StopAfter answered requests, Stop is called once (on its own
	// goroutine): it stops the server, which the loops keep loading
	// until each is refused.
	StopAfter int
	Stop      func()
}

// Result counts what became of the requests.
type Result struct {
	// Answered got a full, expected answer; Closing of them carried
	// "Connection: close" (answered while the server was stopping).
	Answered, Closing int
	// Refused were never sent: the connection was refused.
	Refused int
	// Dropped were sent (in part or whole) and got no full, expected
	// answer; Errors says why, for the first few.
	Dropped int
	Errors  []string
	// Stopped reports whether Stop was called.
	Stopped bool
}

// Run runs the load and returns when every loop has been refused, has
// sent Max requests, or the deadline has passed.
func (l *Load) Run() Result {
	var (
		mu       sync.Mutex
		res      Result
		answered atomic.Int64
		once     sync.Once
		wg       sync.WaitGroup
	)
	ctx, cancel := context.WithTimeout(context.Background(), l.Deadline)
	defer cancel()
	stop := func() {
		once.Do(func() {
			mu.Lock()
			res.Stopped = true
			mu.Unlock()
			go l.Stop()
		})
	}
	for range l.Clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr := &http.Transport{MaxIdleConnsPerHost: 1, DisableCompression: true}
			defer tr.CloseIdleConnections()
			client := &http.Client{Transport: tr}
			for range l.Max {
				if ctx.Err() != nil {
					return
				}
				outcome, why := l.one(ctx, client)
				mu.Lock()
				switch outcome {
				case answered1, closing1:
					res.Answered++
					if outcome == closing1 {
						res.Closing++
					}
				case refused1:
					res.Refused++
				case dropped1:
					res.Dropped++
					if len(res.Errors) < 10 {
						res.Errors = append(res.Errors, why)
					}
				}
				mu.Unlock()
				if outcome == refused1 {
					return
				}
				if (outcome == answered1 || outcome == closing1) && answered.Add(1) == int64(l.StopAfter) {
					stop()
				}
			}
		}()
	}
	wg.Wait()
	return res
}

type outcome int

const (
	answered1 outcome = iota
	closing1
	refused1
	dropped1
	aborted1 // the run's deadline
)

// one sends one request and classifies it.
func (l *Load) one(ctx context.Context, client *http.Client) (outcome, string) {
	var wrote atomic.Int32
	trace := &httptrace.ClientTrace{WroteHeaders: func() { wrote.Add(1) }}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(ctx, trace), http.MethodPost, l.URL, bytes.NewReader(l.Body))
	if err != nil {
		return dropped1, err.Error()
	}
	for k, v := range l.Header {
		req.Header[k] = v
	}
	resp, err := client.Do(req)
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return aborted1, ""
		case wrote.Load() == 0 && errors.Is(err, syscall.ECONNREFUSED):
			return refused1, ""
		}
		return dropped1, fmt.Sprintf("sent %d time(s): %v", wrote.Load(), err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return dropped1, "answer cut short: " + err.Error()
	}
	if err := l.Check(resp.StatusCode, body); err != nil {
		return dropped1, err.Error()
	}
	if wrote.Load() > 1 {
		// The transport sent it again after a first try was lost.
		return dropped1, "sent twice: the first was lost"
	}
	if resp.Close {
		return closing1, ""
	}
	return answered1, ""
}
