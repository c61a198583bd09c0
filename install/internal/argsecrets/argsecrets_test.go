package argsecrets

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks/install/internal/shellwords"
)

// Keys that look real (made up; none is a live credential).
const (
	fakeAnthropic = "sk-ant-api03-Qx7vR2mK9pL4wN8sT1yB6cF3hJ5dG0aE"
	fakeGitHub    = "ghp_4Fq9Lm2Xv7Rt1Kp8Zs3Nw6Yb0Hc5Jd"
	fakeAWS       = "AKIAZ7Q4MX2PLK9RT3VB"
	fakeRandom    = "Zq3Lx9Vt2Mw7Pk4Rs8Ny1Bh6"
)

// TestSecretIn finds secrets in hook command lines by flag and by look,
// never repeats them, and leaves ordinary command lines alone.
func TestSecretIn(t *testing.T) {
	for _, tc := range []struct {
		args   string
		want   string // substring of the description; "" for none
		secret string // must not appear in the description
	}{
		{"--token " + fakeRandom, "--token", fakeRandom},
		{"--api-key=hunter22", "--api-key", "hunter22"},
		{"--password hunter22", "--password", "hunter22"},
		{"--client_secret xyzzy", "--client_secret", "xyzzy"},
		{"--github-token " + fakeGitHub, "--github-token", fakeGitHub},
		{"--header Authorization:" + fakeAnthropic, "sk-…", fakeAnthropic},
		{"--key " + fakeAnthropic, "sk-…", fakeAnthropic},
		{fakeGitHub, "ghp_…", fakeGitHub},
		{"--aws " + fakeAWS, "AKIA…", fakeAWS},
		{"--auth Bearer " + fakeRandom, "bearer token", fakeRandom},
		{"--header 'Authorization: Bearer abcdefgh12345'", "bearer token", "abcdefgh12345"},
		{"--opaque " + fakeRandom, "random-looking string of 24", fakeRandom},
		{"--url https://example.com/hook?x=" + fakeRandom, "random-looking", fakeRandom},

		{"--host claude --timeout 30s", "", ""},
		{"--host claude --fail-closed --timeout 1m30s", "", ""},
		{"--host codex --gateway https://hooks.example.com/hook --gateway-token-env TEAM_TOKEN", "", ""},
		{"--token $HOOKS_TOKEN", "", ""},
		{"--token ${HOOKS_TOKEN}", "", ""},
		{"--password-file /home/dev/.secrets/pw", "", ""},
		{"--config /home/dev/project/.claude/hooks/policy-config.json", "", ""},
		{"--sha 3f5670a12a3389d7c0ffee0ddba11deadbeef001", "", ""},
		{"--session 144c37d5-024f-4953-bf9e-acc36f01e48d", "", ""},
		{"--token", "", ""},
		{"Authorization: Bearer ${HOOKS_GATEWAY_TOKEN}", "", ""},
	} {
		words, ok := shellwords.Split("/usr/local/bin/guard " + tc.args)
		if !ok {
			t.Fatalf("cannot split %q", tc.args)
		}
		got := In(words[1:])
		if tc.want == "" {
			if got != "" {
				t.Errorf("%q: found %q, want nothing", tc.args, got)
			}
			continue
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%q: found %q, want %q", tc.args, got, tc.want)
		}
		if strings.Contains(got, tc.secret) {
			t.Errorf("%q: the description repeats the secret: %q", tc.args, got)
		}
	}
}

// TestSecretInURL finds a token in an HTTP hook's URL query.
func TestSecretInURL(t *testing.T) {
	for u, want := range map[string]string{
		"https://hooks.example.com/hook?host=claude&timeout=30":           "",
		"https://hooks.example.com/hook?host=claude&token=abc123":         "query parameter token",
		"https://hooks.example.com/hook?api_key=" + fakeRandom:            "query parameter api_key",
		"https://ops:hunter22@hooks.example.com/hook":                     "password in the URL",
		"https://hooks.example.com/hook?host=claude&token=${HOOKS_TOKEN}": "",
		"https://hooks.example.com/" + fakeGitHub + "/hook?host=claude":   "ghp_…",
	} {
		got := InURL(u)
		if want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", u, got, want)
		}
	}
}

// EnvRef accepts exactly the three ways to name a variable.
func TestEnvRef(t *testing.T) {
	for v, want := range map[string]bool{
		"$TOKEN": true, "${TOKEN}": true, "%TOKEN%": true, "$_x9": true, "${A_B}": true,
		"$": false, "${}": false, "%%": false, "$9A": false, "${9A}": false, "$A-B": false,
		"${A": false, "%A": false, "A$": false, "$A}": false, "${A}x": false, "sk-abc": false, "": false,
	} {
		if got := EnvRef(v); got != want {
			t.Errorf("EnvRef(%q) = %v, want %v", v, got, want)
		}
	}
}
