// Package jwtauth names the developer behind a gateway request from a JWT
// signed by the company's identity provider: the token is checked against
// the provider's published keys (a JWKS URL), its issuer, audience,
// expiry and not-before, and the user is read from one of its claims.
//
//	v, err := jwtauth.New(ctx, jwtauth.Options{
//		JWKSURL:  "https://idp.example.com/.well-known/jwks.json",
//		Issuer:   "https://idp.example.com/",
//		Audience: "hooks-gateway",
//	})
//	gw.Identify = v.Identify
//
// What an attacker who controls a token's every byte cannot do:
//
//   - Pick the algorithm: only asymmetric signatures are accepted (RS*,
//     PS*, ES*, EdDSA), never "none" and never HS* (which would let a
//     token signed with the public key, known to everyone, pass), and
//     a key that names its own "alg" is used with that one only.
//   - Bring a key: the key comes from the key set by the token's "kid";
//     symmetric keys in the set are dropped, as are RSA keys under 2048
//     bits; headers such as "jwk", "jku" and "x5u" are never followed.
//   - Make the gateway fetch at will: an unknown "kid" fetches the key
//     set again (a key rotated in), at most once every
//     [Options.MinInterval], each fetch bounded by [Options.FetchTimeout]
//     and [MaxKeySet] bytes; a fetch that fails keeps the last good set.
//   - Be slow or large: a token over [MaxToken] bytes is refused unread.
//
// The package links github.com/go-jose/go-jose/v4; only a gateway imports
// it, never a hook binary (see deps_test.go).
package jwtauth
