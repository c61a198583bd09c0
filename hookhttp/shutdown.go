package hookhttp

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// How Serve stops.
const (
	// ShutdownGrace is how long Serve, asked to stop, keeps answering on
	// the connections already open (each answer closing its connection)
	// before it closes those that stayed idle.
	ShutdownGrace = time.Second
	// ShutdownTimeout bounds a stop: requests still running after it are
	// cut off, and Serve returns an error.
	ShutdownTimeout = 10 * time.Second
)

// Serve serves srv on ln until ctx ends, then stops gracefully and
// returns nil, or the error that ended serving. Every request a client
// sends on a connection the server accepted is answered in full; a
// client that connects after the stop began is refused (connection
// refused) before it sends anything. http.Server.Shutdown alone does not
// promise that over HTTP/1.1: it closes idle keep-alive connections at
// once, and a request a client is sending on one at that moment is lost
// (Claude Code's HTTP hooks then let the action go on).
//
// The stop: the listener is closed, so new connections are refused; every
// answer from then on carries "Connection: close", so each client, once
// answered, goes away; after ShutdownGrace (or as soon as no connection
// is left) the connections still idle are closed and running requests
// finish (http.Server.Shutdown), within ShutdownTimeout. Serve sets
// srv.Handler and srv.ConnState to wrappers of their values: set them
// before.
func Serve(ctx context.Context, srv *http.Server, ln net.Listener) error {
	return serve(ctx, srv, ln, ShutdownGrace)
}

// serve is Serve with the grace given.
func serve(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	d := &drain{}
	next := srv.Handler
	if next == nil {
		next = http.DefaultServeMux
	}
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.stopping() {
			w.Header().Set("Connection", "close")
		}
		next.ServeHTTP(w, r)
	})
	state := srv.ConnState
	srv.ConnState = func(c net.Conn, s http.ConnState) {
		d.track(s)
		if state != nil {
			state(c, s)
		}
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	d.stop()
	ln.Close()
	<-errc // the listener's error: the server is not shut down
	d.wait(grace)
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
		return err
	}
	return nil
}

// ListenAndServe listens on srv.Addr (":http" when empty) and calls Serve.
func ListenAndServe(ctx context.Context, srv *http.Server) error {
	addr := srv.Addr
	if addr == "" {
		addr = ":http"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return Serve(ctx, srv, ln)
}

// drain counts a server's open connections, and says when it is stopping.
type drain struct {
	stopped atomic.Bool
	mu      sync.Mutex
	open    int
	idle    chan struct{} // closed when open reaches 0 after stop
	done    bool          // idle is closed
}

func (d *drain) track(s http.ConnState) {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch s {
	case http.StateNew:
		d.open++
	case http.StateClosed, http.StateHijacked:
		d.open--
	}
	d.signal()
}

// signal closes idle once stopping with no connection open; d.mu held.
func (d *drain) signal() {
	if d.idle != nil && d.open <= 0 && !d.done {
		close(d.idle)
		d.done = true
	}
}

func (d *drain) stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.stopped.Store(true)
	d.idle = make(chan struct{})
	d.signal()
}

func (d *drain) stopping() bool { return d.stopped.Load() }

// wait waits until no connection is open, at most grace.
func (d *drain) wait(grace time.Duration) {
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-d.idle:
	case <-t.C:
	}
}
