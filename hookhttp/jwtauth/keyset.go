package jwtauth

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// MaxKeySet caps the key set's document.
const MaxKeySet = 1 << 20

// ErrKeySet is what a key set that cannot be fetched or used matches.
var ErrKeySet = errors.New("JWKS")

// fetch reads the key set at url within timeout.
func fetch(ctx context.Context, c *http.Client, url string, timeout time.Duration, now time.Time) (*keySet, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrKeySet, url, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrKeySet, url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w %s: %s", ErrKeySet, url, resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, MaxKeySet+1))
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrKeySet, url, err)
	}
	if len(b) > MaxKeySet {
		return nil, fmt.Errorf("%w %s: larger than %d bytes", ErrKeySet, url, MaxKeySet)
	}
	set, err := parseKeySet(b)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrKeySet, url, err)
	}
	set.fetched = now
	return set, nil
}

// parseKeySet keeps the signature keys of a JWKS document that a token
// may be checked with: public RSA (2048 bits or more), ECDSA and Ed25519
// keys whose "use" is "sig" or unset. Other keys (symmetric, for
// encryption, of an unknown type) are skipped; a set with none left, or
// with two keys of one "kid", is an error.
func parseKeySet(b []byte) (*keySet, error) {
	var doc struct {
		Keys []json.RawMessage `json:"keys"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("not a key set: %v", err)
	}
	set := &keySet{keys: make(map[string]jose.JSONWebKey, len(doc.Keys))}
	for _, raw := range doc.Keys {
		var k jose.JSONWebKey
		if err := k.UnmarshalJSON(raw); err != nil {
			continue // a key type this package does not know
		}
		if k.Use != "" && k.Use != "sig" {
			continue
		}
		switch pub := k.Key.(type) {
		case *rsa.PrivateKey, *ecdsa.PrivateKey, ed25519.PrivateKey:
			k = k.Public() // a provider that publishes its private key has other problems
			if rk, ok := k.Key.(*rsa.PublicKey); ok && rk.N.BitLen() < 2048 {
				continue
			}
		case *rsa.PublicKey:
			if pub.N.BitLen() < 2048 {
				continue
			}
		case *ecdsa.PublicKey, ed25519.PublicKey:
		default:
			continue // symmetric ([]byte) or unknown: never a verification key here
		}
		if !k.Valid() {
			continue
		}
		if _, dup := set.keys[k.KeyID]; dup {
			return nil, fmt.Errorf("two keys with kid %q", k.KeyID)
		}
		set.keys[k.KeyID] = k
	}
	if len(set.keys) == 0 {
		return nil, errors.New("no signature key this gateway can use (RSA of 2048 bits or more, ECDSA, Ed25519)")
	}
	return set, nil
}
