package hookhttp

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// DefaultBridgeTimeout is the bridge's time budget per call when
// Bridge.Timeout is 0. It is always cut to 90% of the host's own timeout.
const DefaultBridgeTimeout = 10 * time.Second

// maxReply caps an envelope answer: the largest stdout is an updated tool
// input, itself no larger than a payload.
const maxReply = 2*hooks.DefaultMaxInput + 64<<10

// ErrBridgeConfig is what a bridge's error matches when the bridge is
// set up wrong rather than the gateway down: the gateway refused its
// token (401 Unauthorized or 403 Forbidden), its URL is not http or
// https, or it would send the token over plain http to another machine.
// Like every other configuration error of this module, it is answered
// fail-closed, in the host's dialect, whatever [Bridge].Fail says: a
// wrong token must not open every gate.
var ErrBridgeConfig = errors.New("bridge misconfigured")

// Bridge forwards a command hook's payload to a gateway (a Handler) and
// returns the host-native answer. It is what a command-only host (Cursor,
// Gemini CLI, Codex) runs: see BridgeMain.
type Bridge struct {
	// URL is the gateway's endpoint, http or https. A token is never sent
	// over plain http to a host other than a loopback address.
	URL string
	// Token, when set, is sent as "Authorization: Bearer Token".
	Token string
	// Fail is the policy when the gateway gives no valid answer because
	// of the gateway or the network (a configuration error is answered
	// fail-closed whatever Fail says: see [ErrBridgeConfig]): it is
	// unreachable, too slow, answers a non-200 status, something that is
	// not an envelope, or an envelope the host would not take as an
	// answer (an exit code other than 0 or 2, or output the adapter's
	// hostfacts.CheckAnswer fails or, on exit code 0, warns about: non-JSON
	// stdout, an answer for another event). The gateway's own policy
	// answers for what the gateway cannot decide.
	Fail hooks.FailPolicy
	// Timeout is the budget per call (0: DefaultBridgeTimeout). It is cut
	// to 90% of the host's timeout, so the host never kills the bridge
	// first.
	Timeout time.Duration
	// Client sends the request (nil: one that follows no redirect,
	// honours the proxy environment, and trusts RootCAs and presents
	// Certificates).
	Client *http.Client
	// Fallback are more gateways serving the same policy, tried in order
	// when the one before gives no valid answer for any reason but a
	// configuration error (unreachable, killed mid-request, too slow, a
	// non-200 status, an answer that is not a valid envelope). The budget
	// is shared: each try gets the time left divided by the gateways left
	// to try, and a gateway that refuses connections costs next to none.
	Fallback []string
	// RootCAs, when not nil, are the only authorities a gateway's
	// certificate may be signed by (a company's private CA); nil trusts
	// the system's.
	RootCAs *x509.CertPool
	// Certificates are the client certificates presented to a gateway
	// that asks for one.
	Certificates []tls.Certificate
}

// Forward sends payload to the gateway and returns the host-native answer
// (see Reply.Write). a is the payload's host (nil when unknown: the
// gateway detects it); hostTimeout is the host's limit as configured (0:
// a.Timeout()). On any failure of the gateway or the network, the answer
// is b.Fail rendered by a in the host's dialect (exit code 2 when a is
// nil), and Reply.Err says why.
func (b *Bridge) Forward(ctx context.Context, a hooks.Adapter, payload []byte, hostTimeout time.Duration) Reply {
	return b.forward(ctx, hooks.Request{Adapter: a, Payload: payload, HostTimeout: hostTimeout})
}

// forward is Forward for a request, which may name its event (--event).
func (b *Bridge) forward(ctx context.Context, req hooks.Request) Reply {
	budget := b.Budget(req.Adapter, req.Payload, req.HostTimeout)
	cctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	rep, err := b.failover(cctx, &req, budget)
	if err == nil {
		return rep
	}
	// The fail policy's answer, by the core that answers every other
	// failure, so that it is the same byte for byte.
	req.Err = err
	fail := b.Fail
	if errors.Is(err, ErrBridgeConfig) {
		fail = hooks.FailClosed
	}
	srv := hooks.Server{Handlers: hooks.Handlers{Fail: fail}}
	res := srv.Answer(ctx, req)
	return replyOf(&res)
}

// Budget returns the time budget of one call for payload: b.Timeout (or
// DefaultBridgeTimeout), cut to 90% of the host's timeout: hostTimeout, or
// a's default, or a's limit for the payload's event when a is a
// hooks.EventTimeouter and that limit is shorter.
func (b *Bridge) Budget(a hooks.Adapter, payload []byte, hostTimeout time.Duration) time.Duration {
	d := b.Timeout
	if d <= 0 {
		d = DefaultBridgeTimeout
	}
	host := hostTimeout
	if host <= 0 && a != nil {
		host = a.Timeout()
	}
	if et, ok := a.(hooks.EventTimeouter); ok {
		if name := eventName(payload); name != "" {
			if t := et.EventTimeout(name); t > 0 && (host <= 0 || t < host) {
				host = t
			}
		}
	}
	if host > 0 && d > host*9/10 {
		d = host * 9 / 10
	}
	return d
}

// failover asks URL, then each Fallback in turn while the one before gave
// no valid answer and ctx (which ends at budget) has time left, each try
// with the time left divided by the gateways left. A configuration error ends it: it would be
// the same everywhere, and it is answered fail-closed.
func (b *Bridge) failover(ctx context.Context, hr *hooks.Request, budget time.Duration) (Reply, error) {
	urls := append([]string{b.URL}, b.Fallback...)
	client := b.client()
	var errs []string
	for i, u := range urls {
		left := budget // the first try: the whole budget, to the nanosecond
		if i > 0 {
			deadline, _ := ctx.Deadline()
			left = time.Until(deadline)
		}
		if left <= 0 {
			break
		}
		try := left / time.Duration(len(urls)-i)
		tctx, cancel := context.WithTimeout(ctx, try)
		rep, err := b.roundTrip(tctx, client, u, hr, try)
		cancel()
		if err == nil || errors.Is(err, ErrBridgeConfig) {
			return rep, err
		}
		if len(urls) == 1 {
			return rep, err
		}
		errs = append(errs, fmt.Sprintf("gateway %d: %v", i+1, err))
	}
	if len(errs) == 0 {
		return Reply{}, errors.New("no time left to ask a gateway")
	}
	return Reply{}, errors.New(strings.Join(errs, "; "))
}

// client is b.Client, or the bridge's own.
func (b *Bridge) client() *http.Client {
	if b.Client != nil {
		return b.Client
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if b.RootCAs != nil || len(b.Certificates) > 0 {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.TLSClientConfig = &tls.Config{MinVersion: tls.VersionTLS12, RootCAs: b.RootCAs, Certificates: b.Certificates}
		c.Transport = t
	}
	return c
}

// roundTrip asks the gateway at rawURL for an envelope answer. Errors
// never carry the URL (it may hold a secret) nor the token.
func (b *Bridge) roundTrip(ctx context.Context, client *http.Client, rawURL string, hr *hooks.Request, budget time.Duration) (Reply, error) {
	a, payload := hr.Adapter, hr.Payload
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return Reply{}, fmt.Errorf("%w: the gateway URL is not an http or https URL", ErrBridgeConfig)
	}
	if b.Token != "" && u.Scheme == "http" && !loopback(u.Hostname()) {
		return Reply{}, fmt.Errorf("%w: refusing to send the gateway token over plain http to a non-loopback host; use https", ErrBridgeConfig)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(payload))
	if err != nil {
		return Reply{}, errors.New("cannot build the gateway request")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "agenthooks-bridge")
	req.Header.Set(HeaderWire, WireEnvelope)
	req.Header.Set(HeaderTimeout, budget.String())
	if a != nil {
		req.Header.Set(HeaderHost, string(a.Host()))
	}
	if hr.Event != "" {
		req.Header.Set(HeaderEvent, hr.Event)
	}
	if b.Token != "" {
		req.Header.Set("Authorization", "Bearer "+b.Token)
	}
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return Reply{}, fmt.Errorf("gateway did not answer within %v", budget)
		}
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // drop the URL
		}
		return Reply{}, fmt.Errorf("gateway unreachable: %v", err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
	case http.StatusUnauthorized, http.StatusForbidden:
		return Reply{}, fmt.Errorf("%w: the gateway answered %d %s: the token (--gateway-token-env, --gateway-token-file) is missing, wrong or not allowed",
			ErrBridgeConfig, resp.StatusCode, http.StatusText(resp.StatusCode))
	default:
		return Reply{}, fmt.Errorf("gateway answered %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	}
	if resp.Header.Get(HeaderWire) != WireEnvelope {
		return Reply{}, fmt.Errorf("gateway answered without %s: %s (is the URL a hooks gateway?)", HeaderWire, WireEnvelope)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxReply+1))
	if err != nil {
		if ctx.Err() != nil {
			return Reply{}, fmt.Errorf("gateway did not answer within %v", budget)
		}
		return Reply{}, errors.New("gateway answer cut short")
	}
	if len(body) > maxReply {
		return Reply{}, errors.New("gateway answer too large")
	}
	var rep Reply
	if err := json.Unmarshal(body, &rep); err != nil {
		return Reply{}, errors.New("gateway answer is not a valid envelope")
	}
	if rep.ExitCode < 0 || rep.ExitCode > 255 {
		return Reply{}, errors.New("gateway answer has an invalid exit code " + strconv.Itoa(rep.ExitCode))
	}
	if a != nil && rep.Host != a.Host() {
		return Reply{}, fmt.Errorf("gateway answered for host %q, not %q", rep.Host, a.Host())
	}
	if err := b.check(hr, rep); err != nil {
		return Reply{}, err
	}
	return rep, nil
}

// check accepts from the gateway only what the host would take as an
// answer: exit code 0 or 2, and an answer the host's adapter passes
// (hostfacts.CheckAnswer; any verdict but VerdictFail, failClosed being the
// bridge's policy). Without an adapter, only what every host reads alike:
// no output, or exit code 2.
func (b *Bridge) check(hr *hooks.Request, rep Reply) error {
	if rep.ExitCode != 0 && rep.ExitCode != 2 {
		return fmt.Errorf("gateway answered exit code %d, which the host does not take as an answer", rep.ExitCode)
	}
	c, ok := hr.Adapter.(hostfacts.AnswerReader)
	if !ok {
		if hr.Adapter == nil && rep.ExitCode == 0 && rep.Stdout != "" {
			return errors.New("gateway answered for a host the bridge cannot tell, with output it cannot check")
		}
		return nil
	}
	native := nativeEvent(hr)
	if native == "" {
		return nil // the adapter cannot read the event: its answer is passed on as the gateway gave it
	}
	out := rep.Output()
	v, why := hostfacts.CheckAnswer(c, native, out, b.Fail == hooks.FailClosed)
	switch {
	case rep.ExitCode == 0 && (v == hostfacts.VerdictFail || v == hostfacts.VerdictWarn):
		return fmt.Errorf("gateway answer is not one %s takes: %s", hr.Adapter.Host(), oneLine(why))
	case v == hostfacts.VerdictFail:
		// A block on an event where the host acts on none is what the
		// hook itself would write: passed on. A block the host drops for
		// want of a reason is not.
		out.Stderr = "reason"
		if w, _ := hostfacts.CheckAnswer(c, native, out, b.Fail == hooks.FailClosed); w != hostfacts.VerdictFail {
			return fmt.Errorf("gateway answer is not one %s takes: %s", hr.Adapter.Host(), oneLine(why))
		}
	}
	return nil
}

// nativeEvent returns the host's name of the event hr carries: as
// given, else as the adapter parses it (OpenCode's and Pi's payloads name
// no hook_event_name), else the payload's hook_event_name; "" when none.
func nativeEvent(hr *hooks.Request) string {
	if hr.Event != "" {
		return hr.Event
	}
	if ev, err := hr.Adapter.Parse(hr.Payload); err == nil && ev != nil {
		if n := ev.Common().NativeEvent; n != "" {
			return n
		}
	}
	return eventName(hr.Payload)
}

// eventName returns the payload's hook_event_name, or "".
func eventName(payload []byte) string {
	var p struct {
		Name string `json:"hook_event_name"`
	}
	if json.Unmarshal(payload, &p) != nil {
		return ""
	}
	return p.Name
}

// loopback reports whether host is localhost or a loopback address.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
