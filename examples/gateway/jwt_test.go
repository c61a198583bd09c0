package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

// The company's identity provider: a JWT it signed names the developer
// (by -jwt-user-claim), beside the tokens file; anything else is a 401,
// logged with "unknown" and the token's tag.
func TestRunJWT(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	jwks := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &key.PublicKey, KeyID: "k1", Algorithm: "ES256", Use: "sig"}}})
	}))
	defer jwks.Close()
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: key}, (&jose.SignerOptions{}).WithHeader("kid", "k1"))
	if err != nil {
		t.Fatal(err)
	}
	jwtFor := func(email, aud string, exp time.Time) string {
		s, err := jwt.Signed(signer).Claims(map[string]any{"iss": "https://idp.example.com/", "aud": aud, "sub": "00u1", "email": email, "exp": exp.Unix()}).Serialize()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	dir := t.TempDir()
	tokens := filepath.Join(dir, "tokens")
	os.WriteFile(tokens, []byte(tokenLine("alice", "alice-tok")), 0o600)
	ctx, stop := context.WithCancel(context.Background())
	lines := make(chan string, 10_000)
	code := make(chan int, 1)
	var logMu sync.Mutex
	var logs strings.Builder
	go func() {
		code <- run(ctx, []string{"-addr", "127.0.0.1:0", "-tokens", tokens, "-jwks", jwks.URL, "-jwt-issuer", "https://idp.example.com/", "-jwt-audience", "hooks", "-jwt-user-claim", "email"},
			env(nil), io.MultiWriter(lineWriter{lines}, writerFunc(func(b []byte) (int, error) {
				logMu.Lock()
				defer logMu.Unlock()
				return logs.Write(b)
			})))
		close(lines)
	}()
	addr := listenAddr(t, lines)
	claude := builtin.Named("claude")
	forward := func(tok string) hookhttp.Reply {
		br := hookhttp.Bridge{URL: "http://" + addr + "/hook", Token: tok, Fail: hooks.FailOpen}
		return br.Forward(context.Background(), claude, []byte(rmPayload), 0)
	}
	if rep := forward("alice-tok"); rep.Err != nil || !strings.Contains(rep.Stdout, `"permissionDecision":"deny"`) {
		t.Errorf("alice by the tokens file: %+v", rep)
	}
	bobJWT := jwtFor("bob@example.com", "hooks", time.Now().Add(time.Hour))
	if rep := forward(bobJWT); rep.Err != nil || !strings.Contains(rep.Stdout, `"permissionDecision":"deny"`) {
		t.Errorf("bob by JWT: %+v", rep)
	}
	for name, tok := range map[string]string{
		"expired":        jwtFor("bob@example.com", "hooks", time.Now().Add(-time.Hour)),
		"wrong audience": jwtFor("bob@example.com", "other-app", time.Now().Add(time.Hour)),
		"not a JWT":      "mallory-tok",
	} {
		// 401: the bridge's fail policy (open, here) answers, with the error.
		if rep := forward(tok); rep.Err == nil || !strings.Contains(rep.Err.Error(), "401") {
			t.Errorf("%s: %+v, want a 401", name, rep)
		}
	}
	stop()
	if c := <-code; c != 0 {
		t.Errorf("exit %d", c)
	}
	logMu.Lock()
	defer logMu.Unlock()
	var users, refused []string
	for _, l := range strings.Split(logs.String(), "\n") {
		var rec struct{ Msg, User, Token string }
		if json.Unmarshal([]byte(l), &rec) != nil {
			continue
		}
		switch rec.Msg {
		case "hook":
			users = append(users, rec.User)
		case "hook refused":
			refused = append(refused, rec.User+"/"+rec.Token)
		}
	}
	if strings.Join(users, " ") != "alice bob@example.com" {
		t.Errorf("hook lines' users: %q", users)
	}
	if len(refused) != 3 {
		t.Errorf("refused lines: %q, want 3", refused)
	}
	for _, r := range refused {
		if !strings.HasPrefix(r, "unknown/") || len(r) != len("unknown/")+4 {
			t.Errorf("refused line's user/token: %q, want unknown/ and 4 hex digits", r)
		}
	}
	if strings.Contains(logs.String(), bobJWT[:40]) || strings.Contains(logs.String(), "mallory-tok") {
		t.Error("a token in the log")
	}
}

// -jwks needs its issuer and audience, and a key set it can read.
func TestParseJWT(t *testing.T) {
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) }))
	defer down.Close()
	for name, args := range map[string][]string{
		"no issuer":              {"-jwks", down.URL, "-jwt-audience", "hooks"},
		"no audience":            {"-jwks", down.URL, "-jwt-issuer", "https://idp.example.com/"},
		"issuer without -jwks":   {"-jwt-issuer", "https://idp.example.com/"},
		"empty user claim":       {"-jwks", down.URL, "-jwt-issuer", "i", "-jwt-audience", "a", "-jwt-user-claim", ""},
		"key set unreadable":     {"-jwks", down.URL, "-jwt-issuer", "i", "-jwt-audience", "a"},
		"plain http to a remote": {"-jwks", "http://idp.example.com/jwks", "-jwt-issuer", "i", "-jwt-audience", "a"},
	} {
		var errs strings.Builder
		if code := run(context.Background(), append([]string{"-addr", "127.0.0.1:0"}, args...), env(nil), &errs); code != 2 {
			t.Errorf("%s: exit %d, want 2 (%s)", name, code, errs.String())
		}
	}
}
