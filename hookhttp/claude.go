package hookhttp

import (
	"errors"
	"time"

	"github.com/agenthooks/hooks/internal/httphook"
)

// ClaudeHTTPHook is one hook of "type": "http" in a Claude Code settings
// file (the objects of a matcher group's "hooks" list), with its JSON
// field names. See ClaudeHook.
type ClaudeHTTPHook struct {
	Type string `json:"type"`
	URL  string `json:"url"`
	// Timeout is in seconds.
	Timeout int `json:"timeout,omitempty"`
	// Headers values may use $VAR or ${VAR}, filled from the environment
	// only for names listed in AllowedEnvVars.
	Headers        map[string]string `json:"headers,omitempty"`
	AllowedEnvVars []string          `json:"allowedEnvVars,omitempty"`
}

// ClaudeHook returns the settings entry of a Claude Code HTTP hook that
// calls the gateway at gatewayURL (https or http, no fragment, nothing
// outside RFC 3986's characters). The URL gains host=claude (no detection
// needed) and timeout=N (so that the gateway answers within Claude's
// timeout: its handler gets 90% of it), replacing any host or timeout
// parameter, ahead of its other parameters. When tokenEnv is set, the
// entry gets an "Authorization: Bearer ${tokenEnv}" header that Claude
// Code fills from that environment variable (upper-case letters, digits
// and _: Claude Code fills no other name). timeout is rounded down to
// whole seconds, at least 1 (0 leaves Claude's default, and the
// gateway's). It is the entry the installer writes for Claude Code with
// --gateway (package install).
//
// The result, as JSON:
//
//	{"type":"http","url":"https://gw.example.com/hook?host=claude&timeout=30","timeout":30,
//	 "headers":{"Authorization":"Bearer ${HOOKS_GATEWAY_TOKEN}"},"allowedEnvVars":["HOOKS_GATEWAY_TOKEN"]}
func ClaudeHook(gatewayURL, tokenEnv string, timeout time.Duration) (ClaudeHTTPHook, error) {
	e, err := httphook.Claude(gatewayURL, tokenEnv, timeout)
	if err != nil {
		return ClaudeHTTPHook{}, errors.New("hookhttp: " + err.Error())
	}
	h := ClaudeHTTPHook{Type: "http", URL: e.URL, Timeout: e.Timeout}
	if e.TokenEnv != "" {
		h.Headers = map[string]string{"Authorization": e.Authorization()}
		h.AllowedEnvVars = []string{e.TokenEnv}
	}
	return h, nil
}
