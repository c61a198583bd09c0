package main

import (
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"

	"github.com/agenthooks/hooks/hookhttp"
)

// What a company needs beyond one shared token: who asked (-tokens), a
// rate per developer (-rate), TLS in the process (-tls-cert, -tls-key,
// -client-ca).

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
	return nil
}

// loadCompany reads the tokens file. A file that changes later is read
// again; one that no longer loads keeps the last good set, and each such
// reload is logged at ERROR level.
func loadCompany(c *config, logger *slog.Logger) error {
	if c.tokensFile == "" {
		return nil
	}
	users, err := hookhttp.LoadTokens(c.tokensFile)
	if err != nil {
		return err
	}
	users.OnError = func(err error) { logger.Error("tokens file not reloaded", "err", err.Error()) }
	c.users = users
	if c.token != "" {
		logger.Warn("tokens file given: the shared token of -token-env is not accepted")
	}
	if users.Len() == 0 {
		logger.Warn("tokens file names no one: every request is refused", "file", c.tokensFile)
	}
	return nil
}

// identify sets who may ask, and their rate, on gw: each developer's
// token (-tokens), or the shared one.
func identify(gw *hookhttp.Handler, c config) {
	if c.users != nil {
		gw.Identify = c.users.Identify
	} else {
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
