package hookhttp

import (
	"net/http"
	"testing"
	"time"
)

// TestParseTimeout: a number of seconds or a Go duration; anything else,
// and a value out of range, is no timeout.
func TestParseTimeout(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
	}{
		{"", 0},
		{"30", 30 * time.Second},
		{"1.5", 1500 * time.Millisecond},
		{".5", 500 * time.Millisecond},
		{"5.", 5 * time.Second},
		{"1e1", 10 * time.Second},
		{"10s", 10 * time.Second},
		{"1m30s", 90 * time.Second},
		{"250ms", 250 * time.Millisecond},
		{"0", 0},
		{"0s", 0},
		{"-5", 0},
		{"-5s", -5 * time.Second}, // callers keep only d > 0
		{"1e6", 0},
		{"Inf", 0},
		{"NaN", 0},
		{"0x10", 0},
		{"ten", 0},
		{"5 s", 0},
		{"5x", 0},
		{"s", 0},
		{"007", 7 * time.Second},
		{"007s", 7 * time.Second},
		{"999999", 999999 * time.Second},
		{"999999s", 999999 * time.Second},
		{"1000000", 0},
		{"1000000s", 1000000 * time.Second},
	} {
		if got := parseTimeout(tc.in); got != tc.want {
			t.Errorf("parseTimeout(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { parseTimeout("10s") }); n != 0 {
		t.Errorf("parseTimeout(\"10s\") allocates %v times", n)
	}
}

// TestHeaderKeysCanonical: header reads the keys of the request path
// without canonicalizing them, so each must be canonical already.
func TestHeaderKeysCanonical(t *testing.T) {
	for _, k := range []string{HeaderWire, HeaderHost, HeaderTimeout, HeaderEvent, "Authorization"} {
		if c := http.CanonicalHeaderKey(k); c != k {
			t.Errorf("%q is not canonical (%q)", k, c)
		}
		h := http.Header{}
		h.Set(k, "v")
		if header(h, k) != "v" || header(http.Header{}, k) != "" {
			t.Errorf("header(%q) differs from Get", k)
		}
	}
}
