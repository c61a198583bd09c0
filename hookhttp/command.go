package hookhttp

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/internal/hookcli"
	"github.com/agenthooks/hooks/internal/httphook"
)

// DefaultTokenEnv is the environment variable the bridge reads its bearer
// token from, unless --gateway-token-env names another. The token is never
// an argument: arguments are visible to every user of the machine.
const DefaultTokenEnv = httphook.DefaultTokenEnv

// HasGateway reports whether args ask for the forwarding mode: they hold
// --gateway (with a value or not, empty or not). A hook binary's main
// then calls BridgeMain; an empty or invalid URL is answered with the
// fail policy, never by running the local handlers.
func HasGateway(args []string) bool {
	a, _ := hookcli.Parse(args)
	if a.GatewaySet {
		return true
	}
	for _, w := range args {
		if w == "--gateway" || w == "-gateway" {
			return true // with no value: a configuration error
		}
	}
	return false
}

// BridgeMain runs one hook invocation in forwarding mode and returns the
// exit code: it reads the payload from stdin, picks the host (--host, else
// detection), forwards it to the gateway named by --gateway URL and writes
// the host-native answer, exactly as hooks.Server.Serve would have written
// the gateway's decision. It knows the built-in adapters (package builtin),
// as hookmain does: they pick the host of the local fail answer, while
// the gateway decides with its own. Of h only Fail and MaxInput are used.
// A binary with install, uninstall and doctor as well is built with
// [github.com/agenthooks/hooks/hookhttp/bridgemain.Main].
//
// Arguments: the hook's (--host, --event, --fail-open, --fail-closed,
// --timeout: the host's timeout), plus --gateway URL, --gateway-token-env
// NAME (default DefaultTokenEnv), --gateway-token-file PATH (the token is
// the file's content, trimmed; for hosts that filter the environment, such
// as Gemini CLI with variable redaction on) and --gateway-timeout DURATION
// (the budget per call, default DefaultBridgeTimeout, always cut to 90% of
// the host's timeout). --gateway may name several gateways, separated by
// commas: the others are asked in turn when one gives no answer
// ([Bridge].Fallback). --gateway-ca FILE names the only authorities (PEM)
// a gateway's certificate may be signed by (a private CA), and
// --gateway-cert FILE --gateway-key FILE a client certificate for a
// gateway that asks for one; a file that cannot be used is a
// configuration error, answered fail-closed. Any other argument is a configuration error,
// answered as fail-closed would. The fail policy answers, locally and in
// the host's dialect, when the gateway cannot: unreachable, too slow,
// refusing the token, or not a hooks gateway, or when the token file
// cannot be read.
func BridgeMain(ctx context.Context, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return bridgeMain(ctx, builtin.Adapters(), h, args, stdin, stdout, stderr, nil)
}

// BridgeProcess is [BridgeMain] for a hook process, whose exit function
// (os.Exit) it is given: the answer's write is bounded too. A host that
// stops reading stdout or stderr (a full pipe) gets one stderr line and
// exit, with the code of an answer not written (2 when it blocks or the
// fail policy is closed, else 1), at 95% of the bridge's budget, instead
// of a bridge that waits past the host's timeout.
func BridgeProcess(ctx context.Context, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer, exit func(int)) int {
	return bridgeMain(ctx, builtin.Adapters(), h, args, stdin, stdout, stderr, exit)
}

// bridgeMain is BridgeMain with the adapters given (tests use fakes) and,
// for a process, its exit function.
func bridgeMain(ctx context.Context, adapters []hooks.Adapter, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer, exit func(int)) int {
	ba, err := hookcli.Parse(args)
	if err == nil && (ba.Observe || ba.LogSet) {
		// The gateway decides, so it is the gateway that observes and
		// logs; a bridge that ignored them would enforce unawares.
		err = errNotBridgeFlags
	}
	// The server answers only failures: the gateway decides the rest.
	srv := &hooks.Server{Adapters: adapters, Handlers: hooks.Handlers{Fail: h.Fail, MaxInput: h.MaxInput}}
	req := hookcli.Request(ba, err, &srv.Handlers)
	br := Bridge{Fail: srv.Handlers.Fail, Timeout: ba.GatewayTimeout}
	br.URL, br.Fallback = splitURLs(ba.Gateway)
	if req.Err == nil {
		if err := br.loadTLS(ba); err != nil {
			// The bridge is set up wrong: answered fail-closed, as
			// ErrBridgeConfig is.
			req.Err, srv.Handlers.Fail = err, hooks.FailClosed
		}
	}
	if req.Err == nil {
		if ba.GatewayTokenFile != "" {
			b, err := os.ReadFile(ba.GatewayTokenFile)
			if err != nil {
				req.Err = errors.New("cannot read the gateway token file")
			}
			br.Token = strings.TrimSpace(string(b))
		} else {
			env := ba.GatewayTokenEnv
			if env == "" {
				env = DefaultTokenEnv
			}
			br.Token = os.Getenv(env)
		}
	}
	// One deadline for reading stdin and the gateway's answer, as a hook's
	// handler has: a stdin held open gets the fail policy in time.
	budget := br.Budget(find(adapters, req.Host), nil, req.HostTimeout)
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	closed := srv.Handlers.Fail == hooks.FailClosed
	exitBy := time.Now().Add(budget + budget/18)
	payload, err := srv.ReadContext(ctx, stdin)
	if err != nil {
		req.Err = err
	} else {
		req.Payload = payload
	}
	if req.Err == nil && req.Host != "" {
		req.Adapter = find(adapters, req.Host) // unknown: Answer says so
	}
	if req.Err != nil || req.Adapter == nil && req.Host != "" {
		res := srv.Answer(ctx, req)
		rep := replyOf(&res)
		rep.unread = unreadBy(req.Adapter, req.Payload, req.Event)
		return rep.writeBy(exitBy, exit, stdout, stderr, closed)
	}
	if req.Adapter == nil {
		// Unknown here is not final: the gateway detects with its own
		// adapters and answers with its own fail policy.
		req.Adapter, _ = hooks.Detect(adapters, payload)
	}
	rep := br.forward(ctx, req)
	rep.unread = unreadBy(req.Adapter, req.Payload, req.Event)
	return rep.writeBy(exitBy, exit, stdout, stderr, closed)
}

// writeBy is write, bounded for a process (exit set): a write still
// blocked at by gets one stderr line and exit with the code of an answer
// not written.
func (r Reply) writeBy(by time.Time, exit func(int), stdout, stderr io.Writer, closed bool) int {
	if exit == nil {
		return r.write(stdout, stderr, closed)
	}
	code := 1
	if closed || r.Blocks || r.ExitCode == 2 {
		code = 2
	}
	t := time.AfterFunc(time.Until(by), func() {
		done := make(chan struct{})
		go func() { // a stderr nobody reads must not hold the exit either
			fmt.Fprintf(stderr, "hooks: the answer could not be written in time (the host does not read the hook's output): exit %d\n", code)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(50 * time.Millisecond):
		}
		exit(code)
	})
	defer t.Stop()
	return r.write(stdout, stderr, closed)
}

// splitURLs splits --gateway's value: gateway URLs separated by commas,
// the first asked first, the others in turn when it gives no answer (a
// comma in a URL is written %2C).
func splitURLs(v string) (string, []string) {
	first, rest, _ := strings.Cut(v, ",")
	var more []string
	for rest != "" {
		var u string
		u, rest, _ = strings.Cut(rest, ",")
		more = append(more, strings.TrimSpace(u))
	}
	return strings.TrimSpace(first), more
}

// loadTLS reads --gateway-ca and --gateway-cert/--gateway-key into b. An
// error wraps ErrBridgeConfig and names the flag, never a file's content.
func (b *Bridge) loadTLS(a hookcli.Args) error {
	if a.GatewayCA != "" {
		pool, err := LoadCertPool(a.GatewayCA)
		if err != nil {
			return fmt.Errorf("%w: --gateway-ca: %v", ErrBridgeConfig, err)
		}
		b.RootCAs = pool
	}
	if a.GatewayCert != "" {
		c, err := tls.LoadX509KeyPair(a.GatewayCert, a.GatewayKey)
		if err != nil {
			return fmt.Errorf("%w: --gateway-cert, --gateway-key: %v", ErrBridgeConfig, err)
		}
		b.Certificates = []tls.Certificate{c}
	}
	return nil
}

// errNotBridgeFlags is the configuration error of --observe or --log given
// to a bridge.
var errNotBridgeFlags = errors.New("--observe and --log are set on the gateway (Handlers.Observe, its records), not on a bridge")

func find(adapters []hooks.Adapter, host hooks.Host) hooks.Adapter {
	for _, a := range adapters {
		if a.Host() == host {
			return a
		}
	}
	return nil
}
