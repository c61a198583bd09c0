package hookhttp

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
)

// requestOptions reads the host and the caller's timeout from the query
// and the headers. Two different hosts are an error; an unreadable timeout
// is ignored (the adapter's default applies).
func requestOptions(r *http.Request) (hooks.Request, error) {
	qHost, qTimeout := queryValues(r.URL.RawQuery)
	host := qHost
	if h := header(r.Header, HeaderHost); h != "" {
		if host != "" && host != h {
			return hooks.Request{}, fmt.Errorf("%w: the host query parameter and %s disagree", hooks.ErrNoHost, HeaderHost)
		}
		host = h
	}
	var timeout time.Duration
	for _, v := range [...]string{qTimeout, header(r.Header, HeaderTimeout)} {
		if d := parseTimeout(v); d > 0 && (timeout == 0 || d < timeout) {
			timeout = d
		}
	}
	return hooks.Request{Host: hooks.Host(host), HostTimeout: timeout, Event: header(r.Header, HeaderEvent)}, nil
}

// header is h.Get(key) for a key already in canonical form (the
// constants of this package, "Authorization"), without canonicalizing it
// again on every request.
func header(h http.Header, key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// queryValues returns the first "host" and "timeout" values of a raw
// query, as url.ParseQuery would, without building the whole map.
func queryValues(raw string) (host, timeout string) {
	for raw != "" {
		var kv string
		kv, raw, _ = strings.Cut(raw, "&")
		if strings.Contains(kv, ";") {
			continue // url.ParseQuery rejects such pairs
		}
		k, v, _ := strings.Cut(kv, "=")
		k, v = unescape(k), unescape(v)
		switch {
		case k == "host" && host == "":
			host = v
		case k == "timeout" && timeout == "":
			timeout = v
		}
	}
	return host, timeout
}

func unescape(s string) string {
	if strings.IndexByte(s, '%') < 0 && strings.IndexByte(s, '+') < 0 {
		return s
	}
	u, err := url.QueryUnescape(s)
	if err != nil {
		return ""
	}
	return u
}

// parseTimeout reads a Go duration or a number of seconds; 0 if neither.
func parseTimeout(v string) time.Duration {
	if v == "" {
		return 0
	}
	// The common forms, "30" and "10s", at most six digits: read here, as
	// ParseFloat and ParseDuration would, without them.
	digits, n := v, 0
	if v[len(v)-1] == 's' {
		digits = v[:len(v)-1]
	}
	if len(digits) > 0 && len(digits) <= 6 {
		i := 0
		for ; i < len(digits) && '0' <= digits[i] && digits[i] <= '9'; i++ {
			n = n*10 + int(digits[i]-'0')
		}
		if i == len(digits) {
			return time.Duration(n) * time.Second
		}
	}
	// Seconds first: a number is what hosts' settings hold, and
	// time.ParseDuration's error for it costs an allocation, as does
	// ParseFloat's for a duration (which ends in a unit's letter).
	if c := v[len(v)-1]; '0' <= c && c <= '9' || c == '.' {
		n, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0
		}
		if n > 0 && n < 1e6 {
			return time.Duration(n * float64(time.Second))
		}
		return 0
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	return 0
}
