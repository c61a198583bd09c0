package jwtauth

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/agenthooks/hooks/hookhttp"
)

// Options says which tokens a [Verifier] accepts.
type Options struct {
	// JWKSURL is the identity provider's key set (JSON Web Key Set): an
	// https URL, or http for a loopback address only.
	JWKSURL string
	// Issuer is the "iss" every token must carry, exactly (required).
	Issuer string
	// Audience must be one of a token's "aud" (required): the identity
	// provider signs tokens for many applications.
	Audience string
	// UserClaim is the claim that names the developer (default "sub";
	// e.g. "email"). Its value must be a string [hookhttp.CheckUserName]
	// accepts.
	UserClaim string
	// Leeway is the clock skew allowed on "exp" and "nbf" (default 30 s,
	// at most 5 minutes).
	Leeway time.Duration
	// FetchTimeout bounds one fetch of the key set (default 3 s).
	FetchTimeout time.Duration
	// MinInterval is the least time between two fetches (default 30 s):
	// tokens with unknown key ids cannot make the gateway fetch more
	// often.
	MinInterval time.Duration
	// Refresh is the age past which the key set is fetched again in the
	// background, on the next request (default 10 minutes).
	Refresh time.Duration
	// Client fetches the key set (default: a client of its own, without
	// cookies, with FetchTimeout).
	Client *http.Client
	// OnError, when set, receives the error of a fetch that kept the last
	// good set. It must not block.
	OnError func(error)
}

// MaxToken is the longest token a [Verifier] reads.
const MaxToken = 16 << 10

// ErrToken is what every refused token's error matches. Its text says
// why, never what the token holds.
var ErrToken = errors.New("invalid JWT")

// Verifier checks tokens against an identity provider's key set. It is
// safe for concurrent use.
type Verifier struct {
	o Options

	keys    atomic.Pointer[keySet]
	tried   atomic.Int64 // when the last fetch started (unix ns)
	fetchMu sync.Mutex   // held by the fetch under way
}

// keySet is one fetch of the key set.
type keySet struct {
	keys    map[string]jose.JSONWebKey // by kid; "" for a key without one
	fetched time.Time
}

// algorithms are the signatures a token may carry: asymmetric only.
func algorithms() []jose.SignatureAlgorithm {
	return []jose.SignatureAlgorithm{jose.RS256, jose.RS384, jose.RS512, jose.PS256, jose.PS384, jose.PS512, jose.ES256, jose.ES384, jose.ES512, jose.EdDSA}
}

// New checks o and fetches the key set once: a gateway that cannot read
// its identity provider's keys at start says so rather than refusing
// every developer later.
func New(ctx context.Context, o Options) (*Verifier, error) {
	u, err := url.Parse(o.JWKSURL)
	if err != nil || u.Host == "" || (u.Scheme != "https" && !(u.Scheme == "http" && loopback(u.Hostname()))) {
		return nil, fmt.Errorf("JWKS URL %q: want https://HOST/PATH (http only for a loopback address)", o.JWKSURL)
	}
	if o.Issuer == "" || o.Audience == "" {
		return nil, errors.New("a JWT issuer and audience are required: the identity provider signs tokens for other applications too")
	}
	o.UserClaim = cmp.Or(o.UserClaim, "sub")
	o.Leeway = cmp.Or(o.Leeway, 30*time.Second)
	if o.Leeway < 0 || o.Leeway > 5*time.Minute {
		return nil, fmt.Errorf("JWT leeway %v: want at most 5m", o.Leeway)
	}
	o.FetchTimeout = cmp.Or(o.FetchTimeout, 3*time.Second)
	o.MinInterval = cmp.Or(o.MinInterval, 30*time.Second)
	o.Refresh = cmp.Or(o.Refresh, 10*time.Minute)
	if o.FetchTimeout < 0 || o.MinInterval < 0 || o.Refresh < 0 {
		return nil, errors.New("JWT fetch timeout, interval and refresh must not be negative")
	}
	if o.Client == nil {
		o.Client = &http.Client{Timeout: o.FetchTimeout}
	}
	v := &Verifier{o: o}
	now := time.Now()
	v.tried.Store(now.UnixNano())
	set, err := fetch(ctx, o.Client, o.JWKSURL, o.FetchTimeout, now)
	if err != nil {
		return nil, err
	}
	v.keys.Store(set)
	return v, nil
}

// loopback reports whether host is a loopback name or address.
func loopback(host string) bool {
	return host == "localhost" || strings.HasPrefix(host, "127.") || host == "::1"
}

// Identify returns the user of the request's bearer token
// ("Authorization: Bearer JWT"), or an error matching
// [hookhttp.ErrUnauthorized] and [ErrToken]. Use it as
// [hookhttp.Handler.Identify].
func (v *Verifier) Identify(r *http.Request) (string, error) {
	scheme, tok, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", unauthorized{fmt.Errorf("%w: no bearer token", ErrToken)}
	}
	user, err := v.User(r.Context(), strings.TrimSpace(tok), time.Now())
	if err != nil {
		return "", unauthorized{err}
	}
	return user, nil
}

// unauthorized is a refused token's error: it matches
// hookhttp.ErrUnauthorized too.
type unauthorized struct{ error }

func (u unauthorized) Unwrap() []error { return []error{u.error, hookhttp.ErrUnauthorized} }

// User checks token at now and returns the user its claim names. An
// unknown key id fetches the key set again, when the last fetch is
// MinInterval old (waiting for it at most FetchTimeout, or until ctx
// ends).
func (v *Verifier) User(ctx context.Context, token string, now time.Time) (string, error) {
	if len(token) > MaxToken {
		return "", fmt.Errorf("%w: longer than %d bytes", ErrToken, MaxToken)
	}
	tok, err := jwt.ParseSigned(token, algorithms())
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrToken, err)
	}
	if len(tok.Headers) != 1 {
		return "", fmt.Errorf("%w: want one signature", ErrToken)
	}
	h := tok.Headers[0]
	set := v.current(now)
	key, ok := set.keys[h.KeyID]
	if !ok {
		set = v.refetch(ctx, set, now)
		if key, ok = set.keys[h.KeyID]; !ok {
			return "", fmt.Errorf("%w: no key %q in the identity provider's key set", ErrToken, h.KeyID)
		}
	}
	if key.Algorithm != "" && key.Algorithm != h.Algorithm {
		return "", fmt.Errorf("%w: key %q is for %s, the token says %s", ErrToken, h.KeyID, key.Algorithm, h.Algorithm)
	}
	var std jwt.Claims
	var all map[string]any
	if err := tok.Claims(key.Key, &std, &all); err != nil {
		return "", fmt.Errorf("%w: %v", ErrToken, err)
	}
	if std.Expiry == nil {
		return "", fmt.Errorf("%w: no exp claim", ErrToken)
	}
	if err := std.ValidateWithLeeway(jwt.Expected{Issuer: v.o.Issuer, AnyAudience: jwt.Audience{v.o.Audience}, Time: now}, v.o.Leeway); err != nil {
		return "", fmt.Errorf("%w: %v", ErrToken, err)
	}
	user, _ := all[v.o.UserClaim].(string)
	if user == "" {
		return "", fmt.Errorf("%w: no %s claim, or not a string", ErrToken, v.o.UserClaim)
	}
	if err := hookhttp.CheckUserName(user); err != nil {
		return "", fmt.Errorf("%w: the %s claim: %v", ErrToken, v.o.UserClaim, err)
	}
	return user, nil
}

// Len returns the number of keys in the current set.
func (v *Verifier) Len() int { return len(v.keys.Load().keys) }

// current returns the key set, starting a fetch in the background when it
// is older than Refresh (and the last fetch MinInterval old).
func (v *Verifier) current(now time.Time) *keySet {
	set := v.keys.Load()
	if now.Sub(set.fetched) > v.o.Refresh && v.fetchMu.TryLock() {
		if !v.claim(now) {
			v.fetchMu.Unlock()
			return set
		}
		go func() {
			defer v.fetchMu.Unlock()
			v.fetchLocked(context.Background())
		}()
	}
	return set
}

// claim reports whether a fetch may start at now (MinInterval after the
// last one started), and if so, records it. Called with fetchMu held.
func (v *Verifier) claim(now time.Time) bool {
	if now.UnixNano()-v.tried.Load() < int64(v.o.MinInterval) {
		return false
	}
	v.tried.Store(now.UnixNano())
	return true
}

// refetch fetches the key set again for a key id old lacks, if the rate
// allows, and returns the set to look in: a newer one when another fetch
// (a request's or the background's) gave it meanwhile.
func (v *Verifier) refetch(ctx context.Context, old *keySet, now time.Time) *keySet {
	v.fetchMu.Lock()
	defer v.fetchMu.Unlock()
	if set := v.keys.Load(); set != old || !v.claim(now) {
		return set
	}
	v.fetchLocked(ctx)
	return v.keys.Load()
}

// fetchLocked fetches the key set and keeps it; an error keeps the last
// good one and goes to OnError. Called with fetchMu held.
func (v *Verifier) fetchLocked(ctx context.Context) {
	set, err := fetch(ctx, v.o.Client, v.o.JWKSURL, v.o.FetchTimeout, time.Now())
	if err != nil {
		if v.o.OnError != nil {
			v.o.OnError(fmt.Errorf("%w (keeping the last good key set)", err))
		}
		return
	}
	v.keys.Store(set)
}
