package jwtauth_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hookhttp/jwtauth"
)

const (
	issuer   = "https://idp.example.com/"
	audience = "hooks-gateway"
)

// idp is a local identity provider: its JWKS on an httptest server, the
// keys to sign with, and how many times the set was fetched.
type idp struct {
	srv     *httptest.Server
	mu      sync.Mutex
	public  []jose.JSONWebKey // what the JWKS serves
	status  int               // the JWKS's answer (0: 200)
	fetches atomic.Int32
}

func newIDP(t *testing.T, keys ...jose.JSONWebKey) *idp {
	p := &idp{public: keys}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.fetches.Add(1)
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.status != 0 {
			w.WriteHeader(p.status)
			return
		}
		json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: p.public})
	}))
	t.Cleanup(p.srv.Close)
	return p
}

func (p *idp) serve(status int, keys ...jose.JSONWebKey) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.status, p.public = status, keys
}

// rsaKey is a new RSA key with its public JWK.
func rsaKey(t *testing.T, kid string) (*rsa.PrivateKey, jose.JSONWebKey) {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return k, jose.JSONWebKey{Key: &k.PublicKey, KeyID: kid, Algorithm: string(jose.RS256), Use: "sig"}
}

// sign makes a token signed by key with kid.
func sign(t *testing.T, alg jose.SignatureAlgorithm, key any, kid string, claims any) string {
	t.Helper()
	s, err := jose.NewSigner(jose.SigningKey{Algorithm: alg, Key: key}, (&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", kid))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := jwt.Signed(s).Claims(claims).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// claims are a good token's claims at now, for alice.
func claims(now time.Time) map[string]any {
	return map[string]any{
		"iss": issuer, "aud": []string{"other-app", audience}, "sub": "alice", "email": "alice@example.com",
		"exp": now.Add(time.Hour).Unix(), "nbf": now.Add(-time.Minute).Unix(), "iat": now.Unix(),
	}
}

// with returns c with key set to v (deleted for nil).
func with(c map[string]any, key string, v any) map[string]any {
	if v == nil {
		delete(c, key)
	} else {
		c[key] = v
	}
	return c
}

// handMade is a compact token of header and claims signed by sig (its
// bytes given the signing input): what go-jose refuses to make.
func handMade(header, claims any, sig func([]byte) []byte) string {
	enc := func(v any) string {
		b, _ := json.Marshal(v)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	in := enc(header) + "." + enc(claims)
	return in + "." + base64.RawURLEncoding.EncodeToString(sig([]byte(in)))
}

func newVerifier(t *testing.T, p *idp, o jwtauth.Options) *jwtauth.Verifier {
	t.Helper()
	o.JWKSURL, o.Issuer, o.Audience = p.srv.URL+"/jwks.json", issuer, audience
	v, err := jwtauth.New(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestVerifier(t *testing.T) {
	priv, pub := rsaKey(t, "k1")
	ecPriv, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ecPub := jose.JSONWebKey{Key: &ecPriv.PublicKey, KeyID: "ec1", Algorithm: string(jose.ES256)}
	other, _ := rsaKey(t, "k1") // a stranger's key under the same kid
	p := newIDP(t, pub, ecPub)
	v := newVerifier(t, p, jwtauth.Options{})
	now := time.Now()
	pubDER, _ := x509.MarshalPKIXPublicKey(&priv.PublicKey)
	hs := func(secret []byte) func([]byte) []byte {
		return func(in []byte) []byte { m := hmac.New(sha256.New, secret); m.Write(in); return m.Sum(nil) }
	}
	for _, tt := range []struct {
		name, token, user string
	}{
		{"good", sign(t, jose.RS256, priv, "k1", claims(now)), "alice"},
		{"good ES256", sign(t, jose.ES256, ecPriv, "ec1", claims(now)), "alice"},
		{"within the leeway", sign(t, jose.RS256, priv, "k1", with(claims(now), "exp", now.Add(-10*time.Second).Unix())), "alice"},
		{"expired", sign(t, jose.RS256, priv, "k1", with(claims(now), "exp", now.Add(-time.Hour).Unix())), ""},
		{"no exp", sign(t, jose.RS256, priv, "k1", with(claims(now), "exp", nil)), ""},
		{"not yet valid", sign(t, jose.RS256, priv, "k1", with(claims(now), "nbf", now.Add(time.Hour).Unix())), ""},
		{"wrong issuer", sign(t, jose.RS256, priv, "k1", with(claims(now), "iss", "https://evil.example.com/")), ""},
		{"no issuer", sign(t, jose.RS256, priv, "k1", with(claims(now), "iss", nil)), ""},
		{"wrong audience", sign(t, jose.RS256, priv, "k1", with(claims(now), "aud", "other-app")), ""},
		{"no audience", sign(t, jose.RS256, priv, "k1", with(claims(now), "aud", nil)), ""},
		{"a stranger's key", sign(t, jose.RS256, other, "k1", claims(now)), ""},
		{"the RSA key with ES256's kid", sign(t, jose.RS256, priv, "ec1", claims(now)), ""},
		{"RS512 where the key says RS256", sign(t, jose.RS512, priv, "k1", claims(now)), ""},
		{"no user", sign(t, jose.RS256, priv, "k1", with(claims(now), "sub", nil)), ""},
		{"a user that is not a string", sign(t, jose.RS256, priv, "k1", with(claims(now), "sub", 42)), ""},
		{"a user with a line break", sign(t, jose.RS256, priv, "k1", with(claims(now), "sub", "alice\n{\"user\":\"root\"}")), ""},
		{"alg none", handMade(map[string]string{"alg": "none", "kid": "k1"}, claims(now), func([]byte) []byte { return nil }), ""},
		{"alg None", handMade(map[string]string{"alg": "None", "kid": "k1"}, claims(now), func([]byte) []byte { return nil }), ""},
		{"HS256 with the public key's DER as secret", handMade(map[string]string{"alg": "HS256", "kid": "k1"}, claims(now), hs(pubDER)), ""},
		{"HS256 with the public key's modulus as secret", handMade(map[string]string{"alg": "HS256", "kid": "k1"}, claims(now), hs(priv.N.Bytes())), ""},
		{"a key in the header", handMade(map[string]any{"alg": "RS256", "kid": "k1", "jwk": pub}, claims(now), func(in []byte) []byte {
			return rsaSign(t, other, in)
		}), ""},
		{"oversize", strings.Repeat("a", jwtauth.MaxToken+1), ""},
		{"garbage", "a.b.c", ""},
		{"empty", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			user, err := v.User(context.Background(), tt.token, now)
			if tt.user != "" {
				if err != nil || user != tt.user {
					t.Errorf("got %q, %v; want %q", user, err, tt.user)
				}
				return
			}
			if err == nil || !errors.Is(err, jwtauth.ErrToken) || user != "" {
				t.Errorf("got %q, %v; want an ErrToken", user, err)
			}
			if err != nil && len(tt.token) > 20 && strings.Contains(err.Error(), tt.token[len(tt.token)-20:]) {
				t.Errorf("the error quotes the token: %v", err)
			}
		})
	}
}

// rsaSign signs in with RS256 by k.
func rsaSign(t *testing.T, k *rsa.PrivateKey, in []byte) []byte {
	h := sha256.Sum256(in)
	sig, err := k.Sign(rand.Reader, h[:], crypto256{})
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

func TestUserClaim(t *testing.T) {
	priv, pub := rsaKey(t, "k1")
	p := newIDP(t, pub)
	v := newVerifier(t, p, jwtauth.Options{UserClaim: "email"})
	now := time.Now()
	if u, err := v.User(context.Background(), sign(t, jose.RS256, priv, "k1", claims(now)), now); err != nil || u != "alice@example.com" {
		t.Errorf("email claim: %q, %v", u, err)
	}
	if _, err := v.User(context.Background(), sign(t, jose.RS256, priv, "k1", with(claims(now), "email", nil)), now); err == nil {
		t.Error("a token without the email claim was accepted (its sub is not the user)")
	}
}

// Key rotation: a token signed by a key the set did not hold fetches it
// again, once; later unknown kids within MinInterval fetch nothing; a
// fetch that fails keeps the last good set.
func TestKeyRotation(t *testing.T) {
	old, oldPub := rsaKey(t, "old")
	next, nextPub := rsaKey(t, "new")
	p := newIDP(t, oldPub)
	var errs []error
	var mu sync.Mutex
	v := newVerifier(t, p, jwtauth.Options{MinInterval: time.Hour, OnError: func(err error) { mu.Lock(); errs = append(errs, err); mu.Unlock() }})
	now := time.Now()
	ctx := context.Background()
	if p.fetches.Load() != 1 {
		t.Fatalf("%d fetches at start, want 1", p.fetches.Load())
	}
	// Within MinInterval of the start: the new key is not fetched yet.
	p.serve(0, oldPub, nextPub)
	if _, err := v.User(ctx, sign(t, jose.RS256, next, "new", claims(now)), now); err == nil {
		t.Error("a token of an unknown kid accepted before its key was fetched")
	}
	if n := p.fetches.Load(); n != 1 {
		t.Errorf("%d fetches, want 1: an unknown kid fetched within MinInterval", n)
	}
	// An hour later the unknown kid fetches the set, once.
	later := now.Add(time.Hour)
	if u, err := v.User(ctx, sign(t, jose.RS256, next, "new", claims(later)), later); err != nil || u != "alice" {
		t.Errorf("the rotated-in key: %q, %v", u, err)
	}
	if n := p.fetches.Load(); n != 2 {
		t.Errorf("%d fetches, want 2", n)
	}
	for i := range 50 {
		if _, err := v.User(ctx, sign(t, jose.RS256, next, "kid-"+string(rune('a'+i%26)), claims(later)), later); err == nil {
			t.Fatal("an unknown kid accepted")
		}
	}
	if n := p.fetches.Load(); n != 2 {
		t.Errorf("%d fetches after 50 unknown kids, want still 2", n)
	}
	// The provider fails: the last good set stays.
	p.serve(http.StatusInternalServerError)
	evenLater := later.Add(2 * time.Hour)
	if _, err := v.User(ctx, sign(t, jose.RS256, next, "gone", claims(evenLater)), evenLater); err == nil {
		t.Error("an unknown kid accepted")
	}
	if n := p.fetches.Load(); n != 3 {
		t.Errorf("%d fetches, want 3", n)
	}
	if u, err := v.User(ctx, sign(t, jose.RS256, old, "old", claims(evenLater)), evenLater); err != nil || u != "alice" {
		t.Errorf("after a failed fetch, the last good set: %q, %v", u, err)
	}
	mu.Lock()
	if len(errs) != 1 || !errors.Is(errs[0], jwtauth.ErrKeySet) {
		t.Errorf("OnError got %v, want one ErrKeySet", errs)
	}
	mu.Unlock()
	// The old key is retired: once fetched, its tokens are refused.
	p.serve(0, nextPub)
	last := evenLater.Add(2 * time.Hour)
	if _, err := v.User(ctx, sign(t, jose.RS256, next, "other", claims(last)), last); err == nil {
		t.Error("unknown kid accepted")
	}
	if _, err := v.User(ctx, sign(t, jose.RS256, old, "old", claims(last)), last); err == nil {
		t.Error("a retired key's token accepted")
	}
}

// A set past Refresh is fetched again in the background, without holding
// the request.
func TestRefresh(t *testing.T) {
	priv, pub := rsaKey(t, "k1")
	p := newIDP(t, pub)
	v := newVerifier(t, p, jwtauth.Options{Refresh: time.Minute, MinInterval: time.Second})
	later := time.Now().Add(2 * time.Minute)
	if _, err := v.User(context.Background(), sign(t, jose.RS256, priv, "k1", claims(later)), later); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for p.fetches.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := p.fetches.Load(); n != 2 {
		t.Errorf("%d fetches, want 2 (one background refresh)", n)
	}
}

func TestNew(t *testing.T) {
	_, pub := rsaKey(t, "k1")
	small, _ := rsa.GenerateKey(rand.Reader, 1024)
	good := newIDP(t, pub)
	for _, tt := range []struct {
		name string
		o    jwtauth.Options
		keys []jose.JSONWebKey
	}{
		{"http to another host", jwtauth.Options{JWKSURL: "http://idp.example.com/jwks", Issuer: issuer, Audience: audience}, nil},
		{"no issuer", jwtauth.Options{JWKSURL: good.srv.URL, Audience: audience}, nil},
		{"no audience", jwtauth.Options{JWKSURL: good.srv.URL, Issuer: issuer}, nil},
		{"only a symmetric key", jwtauth.Options{Issuer: issuer, Audience: audience}, []jose.JSONWebKey{{Key: []byte("0123456789abcdef0123456789abcdef"), KeyID: "hs", Algorithm: "HS256"}}},
		{"only a 1024-bit RSA key", jwtauth.Options{Issuer: issuer, Audience: audience}, []jose.JSONWebKey{{Key: &small.PublicKey, KeyID: "small"}}},
		{"only an encryption key", jwtauth.Options{Issuer: issuer, Audience: audience}, []jose.JSONWebKey{{Key: pub.Key, KeyID: "enc", Use: "enc"}}},
		{"two keys, one kid", jwtauth.Options{Issuer: issuer, Audience: audience}, []jose.JSONWebKey{pub, pub}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.keys != nil {
				tt.o.JWKSURL = newIDP(t, tt.keys...).srv.URL
			}
			if _, err := jwtauth.New(context.Background(), tt.o); err == nil {
				t.Error("New succeeded")
			}
		})
	}
	// A key set that never answers: New gives up after FetchTimeout.
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer hang.Close()
	start := time.Now()
	_, err := jwtauth.New(context.Background(), jwtauth.Options{JWKSURL: hang.URL, Issuer: issuer, Audience: audience, FetchTimeout: 200 * time.Millisecond})
	if err == nil || !errors.Is(err, jwtauth.ErrKeySet) {
		t.Errorf("a hanging JWKS: %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("a hanging JWKS held New %v", d)
	}
	// A key set larger than MaxKeySet.
	huge := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"keys":[],"pad":"` + strings.Repeat("a", jwtauth.MaxKeySet) + `"}`))
	}))
	defer huge.Close()
	if _, err := jwtauth.New(context.Background(), jwtauth.Options{JWKSURL: huge.URL, Issuer: issuer, Audience: audience}); err == nil || !strings.Contains(err.Error(), "larger") {
		t.Errorf("a huge JWKS: %v", err)
	}
}

// Identify reads the bearer token; its errors match
// hookhttp.ErrUnauthorized.
func TestIdentify(t *testing.T) {
	priv, pub := rsaKey(t, "k1")
	v := newVerifier(t, newIDP(t, pub), jwtauth.Options{})
	r := httptest.NewRequest(http.MethodPost, "/hook", nil)
	r.Header.Set("Authorization", "Bearer "+sign(t, jose.RS256, priv, "k1", claims(time.Now())))
	if u, err := v.Identify(r); err != nil || u != "alice" {
		t.Errorf("Identify: %q, %v", u, err)
	}
	for _, h := range []string{"", "Basic x", "Bearer not-a-jwt"} {
		r.Header.Set("Authorization", h)
		if _, err := v.Identify(r); !errors.Is(err, hookhttp.ErrUnauthorized) || !errors.Is(err, jwtauth.ErrToken) {
			t.Errorf("%q: %v, want ErrUnauthorized and ErrToken", h, err)
		}
	}
}
