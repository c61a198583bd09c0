package hookhttp

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"
)

// Server timeouts used by NewServer.
const (
	// ReadHeaderTimeout bounds reading a request's headers (slow-header
	// clients).
	ReadHeaderTimeout = 5 * time.Second
	// ReadTimeout bounds reading a whole request, body included (slow-body
	// clients): an 8 MiB payload at 1 MB/s.
	ReadTimeout = 10 * time.Second
	// IdleTimeout closes idle keep-alive connections.
	IdleTimeout = 2 * time.Minute
	// MaxHeaderBytes caps a request's headers.
	MaxHeaderBytes = 64 << 10
)

// NewServer returns an http.Server for a gateway at addr with the settings
// a hook service needs: ReadHeaderTimeout, ReadTimeout, IdleTimeout and
// MaxHeaderBytes above, and a WriteTimeout of ReadTimeout + handlerTimeout
// + 5 s, so that a handler that uses all its time (Handlers.Timeout,
// handlerTimeout here; 0 means 60 s, Claude Code's default hook timeout)
// still gets its answer out. Set Handlers.Timeout on the gateway below the
// hosts' hook timeouts: Claude Code lets the action go on when an HTTP
// hook times out.
func NewServer(addr string, h http.Handler, handlerTimeout time.Duration) *http.Server {
	if handlerTimeout <= 0 {
		handlerTimeout = 60 * time.Second
	}
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      ReadTimeout + handlerTimeout + 5*time.Second,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
}

// Local is a gateway running on 127.0.0.1, for tests and end-to-end runs.
type Local struct {
	// URL is the server's base URL ("http://127.0.0.1:PORT"); append the
	// handler's path and query.
	URL      string
	stop     context.CancelFunc
	err      chan error
	once     sync.Once
	closeErr error
}

// StartLocal serves h on 127.0.0.1 on a free port, with NewServer's
// settings, until Close.
//
//	gw, err := hookhttp.StartLocal(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: policy})
//	defer gw.Close()
//	// Claude Code: "url": gw.URL + "/?host=claude"; bridges: --gateway gw.URL
func StartLocal(h http.Handler) (*Local, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	ctx, stop := context.WithCancel(context.Background())
	l := &Local{URL: "http://" + ln.Addr().String(), stop: stop, err: make(chan error, 1)}
	srv := NewServer("", h, 0)
	go func() { l.err <- serve(ctx, srv, ln, localGrace) }()
	return l, nil
}

// localGrace is a Local's ShutdownGrace: tests stop many of them.
const localGrace = 100 * time.Millisecond

// Close stops the server as Serve does (with a grace of 100 ms): requests
// sent on open connections are answered, new connections refused.
// Calling it again returns the first call's error.
func (l *Local) Close() error {
	l.once.Do(func() {
		l.stop()
		l.closeErr = <-l.err
	})
	return l.closeErr
}
