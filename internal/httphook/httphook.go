// Package httphook builds the settings entry of a Claude Code hook of
// "type": "http" that calls a hooks gateway, and recognises one. It is
// shared by hookhttp (ClaudeHook) and the installer, which every hook
// binary links: it uses neither net/http nor net/url, so that linking it
// costs a hook nothing at start-up.
package httphook

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// DefaultTokenEnv is the environment variable holding the gateway's bearer
// token when none is named.
const DefaultTokenEnv = "HOOKS_GATEWAY_TOKEN"

// Entry is a Claude Code HTTP hook entry, in the order its keys are
// written: "type": "http", "url", "timeout" (seconds; 0: none), and, when
// TokenEnv is set, "headers": {"Authorization": "Bearer ${TokenEnv}"} and
// "allowedEnvVars": [TokenEnv].
type Entry struct {
	URL      string
	Timeout  int
	TokenEnv string
}

// Authorization is the Authorization header value of the entry, "" when
// it has no token.
func (e Entry) Authorization() string {
	if e.TokenEnv == "" {
		return ""
	}
	return "Bearer ${" + e.TokenEnv + "}"
}

// Claude returns the entry that calls the gateway at gatewayURL: the URL
// gains host=claude (no detection needed) and, with a timeout, timeout=N
// in whole seconds, at least 1 (so that the gateway answers within
// Claude's limit); any host or timeout parameter already there is
// replaced, other parameters keep their order after ours.
func Claude(gatewayURL, tokenEnv string, timeout time.Duration) (Entry, error) {
	if err := CheckURL(gatewayURL); err != nil {
		return Entry{}, err
	}
	if tokenEnv != "" && !EnvName(tokenEnv) {
		return Entry{}, errors.New(strconv.Quote(tokenEnv) + " is not an environment variable name Claude Code fills in headers (upper-case letters, digits and _, not starting with a digit)")
	}
	e := Entry{TokenEnv: tokenEnv}
	ours := "host=claude"
	if timeout > 0 {
		e.Timeout = max(int(timeout/time.Second), 1)
		ours += "&timeout=" + strconv.Itoa(e.Timeout)
	}
	base, query, _ := strings.Cut(gatewayURL, "?")
	if rest := otherParams(query); rest != "" {
		ours += "&" + rest
	}
	e.URL = base + "?" + ours
	return e, nil
}

// otherParams returns the parameters of query other than host and
// timeout, in their order.
func otherParams(query string) string {
	var keep []string
	for p := range strings.SplitSeq(query, "&") {
		if p == "" {
			continue
		}
		k, _, _ := strings.Cut(p, "=")
		if k != "host" && k != "timeout" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, "&")
}

// Base returns u without the host and timeout parameters Claude adds: the
// gateway URL an entry was built from (the parameters of the gateway URL
// itself are kept, in their order).
func Base(u string) string {
	i := strings.IndexByte(u, '?')
	if i < 0 {
		return u
	}
	if rest := otherParams(u[i+1:]); rest != "" {
		return u[:i] + "?" + rest
	}
	return u[:i]
}

// SameGateway reports whether the URL of an HTTP hook entry calls the
// gateway at gatewayURL: they are equal once the host and timeout
// parameters are taken out of both.
func SameGateway(entryURL, gatewayURL string) bool {
	return entryURL != "" && Base(entryURL) == Base(gatewayURL)
}

// urlChars are the characters a gateway URL may hold: those of RFC 3986
// without "'", "#" and the fragment, so that the URL needs no escaping in
// JSON and quotes simply for sh, PowerShell and cmd.exe.
const urlChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?[]@!$&()*+,;=%"

// CheckURL reports whether u can be a gateway URL: http:// or https://,
// a non-empty host, no fragment, and no character outside RFC 3986 (no
// space, quote or control character).
func CheckURL(u string) error {
	rest, ok := cutSchemeFold(u, "https://")
	if !ok {
		rest, ok = cutSchemeFold(u, "http://")
	}
	if !ok {
		return errors.New("the gateway URL must start with https:// or http://")
	}
	host := rest
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		host = rest[:i]
	}
	if _, h, found := strings.Cut(host, "@"); found {
		host = h
	}
	if host == "" || host[0] == ':' {
		return errors.New("the gateway URL has no host")
	}
	if strings.IndexFunc(u, func(r rune) bool { return !strings.ContainsRune(urlChars, r) }) >= 0 {
		return errors.New("the gateway URL holds a character that is not allowed in a URL (space, quote, #, control character, non-ASCII); percent-encode it")
	}
	return nil
}

// IsHTTPS reports whether u's scheme is https.
func IsHTTPS(u string) bool {
	_, ok := cutSchemeFold(u, "https://")
	return ok
}

func cutSchemeFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// EnvName reports whether s is a variable name Claude Code interpolates in
// an HTTP hook's headers: upper-case letters, digits and "_", not starting
// with a digit. Claude Code 2.1.197 matches ${NAME} and $NAME with
// [A-Z_][A-Z0-9_]* only: a header with ${lower} is sent as it is.
func EnvName(s string) bool {
	for i, c := range s {
		switch {
		case c == '_', c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return s != ""
}
