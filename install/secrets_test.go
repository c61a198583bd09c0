package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
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
		words, ok := splitCommand("/usr/local/bin/guard " + tc.args)
		if !ok {
			t.Fatalf("cannot split %q", tc.args)
		}
		got := secretIn(words[1:])
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
		got := secretInURL(u)
		if want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", u, got, want)
		}
	}
}

// TestDoctorWarnsSecret: doctor warns about a token in a registered hook's
// command line, says why (Claude Code shows it to the model on a Stop
// block), and never prints the token.
func TestDoctorWarnsSecret(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts(claude.Host)
	o.Events = []hooks.EventName{hooks.Stop}
	s.install(t, o)
	path := filepath.Join(s.project, ".claude", "settings.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "--host claude", "--host claude --api-key "+fakeAnthropic, 1)
	if edited == string(data) {
		t.Fatalf("no command to edit in:\n%s", data)
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	r, out := s.doctor(t, o)
	if !anyContains(findings(r, Warn), "looks like a secret (the value of --api-key") || !strings.Contains(out, "shows a blocking Stop") {
		t.Errorf("no secret warning:\n%s", out)
	}
	if strings.Contains(out, fakeAnthropic) || strings.Contains(out, fakeAnthropic[8:]) {
		t.Errorf("doctor printed the secret:\n%s", out)
	}
}

// envRef accepts exactly the three ways to name a variable.
func TestEnvRef(t *testing.T) {
	for v, want := range map[string]bool{
		"$TOKEN": true, "${TOKEN}": true, "%TOKEN%": true, "$_x9": true, "${A_B}": true,
		"$": false, "${}": false, "%%": false, "$9A": false, "${9A}": false, "$A-B": false,
		"${A": false, "%A": false, "A$": false, "$A}": false, "${A}x": false, "sk-abc": false, "": false,
	} {
		if got := envRef(v); got != want {
			t.Errorf("envRef(%q) = %v, want %v", v, got, want)
		}
	}
}
