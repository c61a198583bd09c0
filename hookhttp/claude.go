package hookhttp

import (
	"errors"
	"net/url"
	"strconv"
	"time"
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
// calls the gateway at gatewayURL: the URL gains host=claude (no detection
// needed) and timeout=N (so that the gateway answers within Claude's
// timeout: its handler gets 90% of it), and, when tokenEnv is set, an
// "Authorization: Bearer ${tokenEnv}" header that Claude Code fills from
// that environment variable (upper-case letters, digits and _: Claude Code
// fills no other name). timeout is rounded down to whole seconds, at
// least 1 (0 leaves Claude's default, and the gateway's).
//
// The result, as JSON:
//
//	{"type":"http","url":"https://gw.example.com/hook?host=claude&timeout=30","timeout":30,
//	 "headers":{"Authorization":"Bearer ${HOOKS_GATEWAY_TOKEN}"},"allowedEnvVars":["HOOKS_GATEWAY_TOKEN"]}
func ClaudeHook(gatewayURL, tokenEnv string, timeout time.Duration) (ClaudeHTTPHook, error) {
	u, err := url.Parse(gatewayURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ClaudeHTTPHook{}, errors.New("hookhttp: gateway URL must be an absolute http or https URL")
	}
	if tokenEnv != "" && !envName(tokenEnv) {
		return ClaudeHTTPHook{}, errors.New("hookhttp: " + strconv.Quote(tokenEnv) + " is not a variable name Claude Code fills in headers (upper-case letters, digits and _, not starting with a digit)")
	}
	h := ClaudeHTTPHook{Type: "http"}
	q := u.Query()
	q.Set("host", "claude")
	if timeout > 0 {
		h.Timeout = max(int(timeout/time.Second), 1)
		q.Set("timeout", strconv.Itoa(h.Timeout))
	}
	u.RawQuery = q.Encode()
	h.URL = u.String()
	if tokenEnv != "" {
		h.Headers = map[string]string{"Authorization": "Bearer ${" + tokenEnv + "}"}
		h.AllowedEnvVars = []string{tokenEnv}
	}
	return h, nil
}

// envName reports whether s is a variable name Claude Code interpolates
// in an HTTP hook's headers. Claude Code 2.1.197 matches only
// [A-Z_][A-Z0-9_]*: a header holding ${lower_case} is sent as it is (seen
// with the real client: the gateway received "Bearer ${e2e_lower_token}"
// and answered 401, on which Claude Code lets the action go on).
func envName(s string) bool {
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
