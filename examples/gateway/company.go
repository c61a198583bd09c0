package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hookhttp/jwtauth"
)

// What a company needs beyond one shared token: who asked (-tokens, or a
// JWT of the company's identity provider: -jwks), a rate per developer
// (-rate), TLS in the process (-tls-cert, -tls-key, -client-ca).

// jwtFlags are the identity provider's flags.
type jwtFlags struct {
	jwks, issuer, audience, userClaim string
}

// checkCompany checks the flags of who asked and TLS.
func checkCompany(c *config) error {
	if c.rate < 0 {
		return errors.New("-rate must not be negative")
	}
	if (c.tlsCert == "") != (c.tlsKey == "") {
		return errors.New("-tls-cert and -tls-key go together")
	}
	if c.clientCA != "" && c.tlsCert == "" {
		return errors.New("-client-ca needs -tls-cert and -tls-key")
	}
	if c.jwt.jwks == "" && (c.jwt.issuer != "" || c.jwt.audience != "") {
		return errors.New("-jwt-issuer and -jwt-audience need -jwks")
	}
	if c.jwt.jwks != "" && (c.jwt.issuer == "" || c.jwt.audience == "") {
		return errors.New("-jwks needs -jwt-issuer and -jwt-audience: the identity provider signs tokens for other applications too")
	}
	if c.jwt.userClaim == "" {
		return errors.New("-jwt-user-claim must not be empty")
	}
	return nil
}

// loadCompany reads the tokens file and the identity provider's key set.
// A file that changes later is read again; one that no longer loads
// keeps the last good set, and each such reload is logged at ERROR
// level, as is a key set fetch that failed (the last good set stays).
func loadCompany(ctx context.Context, c *config, logger *slog.Logger) error {
	if c.token != "" && (c.tokensFile != "" || c.jwt.jwks != "") {
		logger.Warn("tokens file or JWKS given: the shared token of -token-env is not accepted")
	}
	if c.jwt.jwks != "" {
		v, err := jwtauth.New(ctx, jwtauth.Options{JWKSURL: c.jwt.jwks, Issuer: c.jwt.issuer, Audience: c.jwt.audience, UserClaim: c.jwt.userClaim,
			OnError: func(err error) { logger.Error("JWKS not refreshed", "err", err.Error()) }})
		if err != nil {
			return fmt.Errorf("-jwks: %w", err)
		}
		c.verifier = v
	}
	if c.tokensFile == "" {
		return nil
	}
	users, err := hookhttp.LoadTokens(c.tokensFile)
	if err != nil {
		return err
	}
	users.OnError = func(err error) { logger.Error("tokens file not reloaded", "err", err.Error()) }
	c.users = users
	if users.Len() == 0 && c.verifier == nil {
		logger.Warn("tokens file names no one: every request is refused", "file", c.tokensFile)
	}
	return nil
}

// identify sets who may ask, and their rate, on gw: each developer's
// token (-tokens) or identity provider's JWT (-jwks), or else the shared
// token.
func identify(gw *hookhttp.Handler, c config) {
	switch {
	case c.users != nil && c.verifier != nil:
		gw.Identify = eitherIdentity(c.users.Identify, c.verifier.Identify)
	case c.users != nil:
		gw.Identify = c.users.Identify
	case c.verifier != nil:
		gw.Identify = c.verifier.Identify
	default:
		gw.Auth = hookhttp.Bearer(c.token)
	}
	if c.rate > 0 {
		gw.Rate = &hookhttp.RateLimit{PerMinute: c.rate}
	}
}

// serverTLS is the TLS configuration of -tls-cert (nil without it).
func serverTLS(c config, logger *slog.Logger) (*tls.Config, error) {
	if c.tlsCert == "" {
		return nil, nil
	}
	kp, err := hookhttp.LoadKeyPair(c.tlsCert, c.tlsKey)
	if err != nil {
		return nil, err
	}
	kp.OnError = func(err error) { logger.Error("tls certificate not reloaded", "err", err.Error()) }
	if c.clientCA == "" {
		return kp.ServerConfig(nil), nil
	}
	pool, err := hookhttp.LoadCertPool(c.clientCA)
	if err != nil {
		return nil, fmt.Errorf("-client-ca: %w", err)
	}
	return kp.ServerConfig(pool), nil
}

// eitherIdentity names the developer by the tokens file, else by a JWT.
func eitherIdentity(tokens, jwt func(*http.Request) (string, error)) func(*http.Request) (string, error) {
	return func(r *http.Request) (string, error) {
		if user, err := tokens(r); err == nil {
			return user, nil
		}
		return jwt(r)
	}
}
