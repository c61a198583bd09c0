package hookhttp_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/internal/testonly/drainload"
)

// denyBody is the guard's answer to an `rm -rf` over the plain wire.
const denyBody = `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"

// Serve, stopped under load from many keep-alive clients, answers every
// request a client sent in full; the others are refused before they are
// sent.
func TestServeStopsWithoutDropping(t *testing.T) {
	rounds := 3
	if testing.Short() {
		rounds = 1
	}
	for round := range rounds {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: quiet()}
		srv := hookhttp.NewServer("", g, 0)
		ctx, stop := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() { served <- hookhttp.Serve(ctx, srv, ln) }()
		load := drainload.Load{
			URL:    "http://" + ln.Addr().String() + "/?host=one",
			Header: http.Header{"Content-Type": {"application/json"}},
			Body:   []byte(`{"hook_event_name":"Pre","tool":"rm -rf /"}`),
			Check: func(status int, body []byte) error {
				if status != 200 || string(body) != denyBody {
					return fmt.Errorf("answer %d %q", status, body)
				}
				return nil
			},
			Clients: 32, Max: 1_000_000, Deadline: 30 * time.Second,
			StopAfter: 2000, Stop: stop,
		}
		res := load.Run()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
		t.Logf("round %d: %+v", round, res)
		if !res.Stopped {
			t.Fatal("the load never stopped the server")
		}
		if res.Dropped != 0 {
			t.Errorf("%d requests sent and not answered in full: %v", res.Dropped, res.Errors)
		}
		if res.Refused != load.Clients {
			t.Errorf("%d of %d clients were refused in the end", res.Refused, load.Clients)
		}
	}
}
