package hookhttp

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
)

// ErrUnauthorized is what Bearer's authenticator returns for a request
// without a valid token. Its text names no token.
var ErrUnauthorized = errors.New("missing or invalid bearer token")

// Bearer returns an authenticator (for Handler.Auth) that accepts a
// request whose Authorization header is "Bearer T" for one of tokens.
// Several tokens allow rotation. Tokens are compared in constant time
// (hashes of equal length are compared, so neither the content nor the
// length of a token leaks through timing). Empty tokens are ignored; with
// none left every request is refused.
func Bearer(tokens ...string) func(*http.Request) error {
	var sums [][sha256.Size]byte
	for _, t := range tokens {
		if t != "" {
			sums = append(sums, sha256.Sum256([]byte(t)))
		}
	}
	return func(r *http.Request) error {
		scheme, tok, ok := strings.Cut(r.Header.Get("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || tok == "" {
			return ErrUnauthorized
		}
		got := sha256.Sum256([]byte(strings.TrimSpace(tok)))
		match := 0
		for i := range sums {
			match |= subtle.ConstantTimeCompare(got[:], sums[i][:])
		}
		if match != 1 {
			return ErrUnauthorized
		}
		return nil
	}
}

// TokenTag names the bearer token of an Authorization header in a log
// line without giving it away: the first 4 hex digits of its SHA-256
// (those of a tokens file's line), "none" for a request without one.
// Two requests with the same tag most likely carry the same token; 16
// bits tell an operator which line of the file, or which leaked token,
// to look at, and are no help in guessing a token.
func TokenTag(authorization string) string {
	tok, ok := bearerToken(authorization)
	if !ok {
		return "none"
	}
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:2])
}
