package httphook

import (
	"fmt"
	"testing"
	"time"
)

func TestClaude(t *testing.T) {
	for _, tt := range []struct {
		url, env string
		timeout  time.Duration
		want     Entry
	}{
		{"https://gw.example.com/hook", "HOOKS_GATEWAY_TOKEN", 30 * time.Second,
			Entry{"https://gw.example.com/hook?host=claude&timeout=30", 30, "HOOKS_GATEWAY_TOKEN"}},
		{"http://127.0.0.1:8787/hook?team=a&host=cursor&timeout=9&x", "", 0,
			Entry{"http://127.0.0.1:8787/hook?host=claude&team=a&x", 0, ""}},
		{"HTTPS://gw.example.com?", "_T1", 1500 * time.Millisecond,
			Entry{"HTTPS://gw.example.com?host=claude&timeout=1", 1, "_T1"}},
	} {
		got, err := Claude(tt.url, tt.env, tt.timeout)
		if err != nil || got != tt.want {
			t.Errorf("Claude(%q, %q, %v) = %+v, %v; want %+v", tt.url, tt.env, tt.timeout, got, err, tt.want)
		}
		if !SameGateway(got.URL, tt.url) {
			t.Errorf("SameGateway(%q, %q) = false", got.URL, tt.url)
		}
	}
	for _, bad := range [][2]string{{"gw.example.com/hook", ""}, {"ftp://gw/x", ""}, {"https://", ""}, {"https:///x", ""},
		{"https://gw/x#frag", ""}, {"https://gw/a b", ""}, {"https://gw/x'", ""}, {"https://gw/\u00e9", ""}, {"https://gw/x\n", ""},
		{"https://gw/x", "lower"}, {"https://gw/x", "1T"}, {"https://gw/x", "A-B"}, {"https://gw/x", "${T}"}} {
		if e, err := Claude(bad[0], bad[1], 0); err == nil {
			t.Errorf("Claude(%q, %q) accepted: %+v", bad[0], bad[1], e)
		}
	}
}

func TestSameGateway(t *testing.T) {
	for _, tt := range []struct {
		entry, gateway string
		want           bool
	}{
		{"https://gw.example.com/hook?host=claude&timeout=30", "https://gw.example.com/hook", true},
		{"https://gw.example.com/hook?host=claude&timeout=5&team=a", "https://gw.example.com/hook?team=a", true},
		{"https://gw.example.com/hook?host=claude", "https://gw.example.com/hook?team=a", false},
		{"https://gw.example.com/hook2?host=claude", "https://gw.example.com/hook", false},
		{"https://other.example.com/hook", "https://gw.example.com/hook", false},
		{"", "https://gw.example.com/hook", false},
	} {
		if got := SameGateway(tt.entry, tt.gateway); got != tt.want {
			t.Errorf("SameGateway(%q, %q) = %v", tt.entry, tt.gateway, got)
		}
	}
}

func TestEnvName(t *testing.T) {
	for s, want := range map[string]bool{"HOOKS_GATEWAY_TOKEN": true, "_X": true, "T1": true, "": false, "1T": false, "tok": false, "Tok": false, "A-B": false} {
		if EnvName(s) != want {
			t.Errorf("EnvName(%q) = %v", s, !want)
		}
	}
}

func ExampleClaude() {
	e, _ := Claude("https://hooks.example.com/hook", DefaultTokenEnv, 30*time.Second)
	fmt.Println(e.URL, e.Timeout, e.Authorization())
	// Output: https://hooks.example.com/hook?host=claude&timeout=30 30 Bearer ${HOOKS_GATEWAY_TOKEN}
}
