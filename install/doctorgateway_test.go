package install

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/gemini"
	"github.com/agenthooks/hooks/install/internal/safefile"
)

// findings returns the messages of the findings of level l.
func findings(r *Report, l Level) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Level == l {
			out = append(out, string(f.Host)+" "+f.Event+": "+f.Msg)
		}
	}
	return out
}

func anyContains(ss []string, sub string) bool {
	for _, s := range ss {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// A binary without a gateway bridge, installed with --gateway on the
// command hosts, answers every call with its fail policy: doctor fails
// each entry and says how to fix it.
func TestDoctorGatewayNoBridge(t *testing.T) {
	s := newSandbox(t, "nobridge")
	o := s.opts(cursor.Host, gemini.Host, codex.Host)
	o.Events = []hooks.EventName{hooks.PreToolUse}
	o.Gateway = "https://hooks.example.com/hook"
	s.install(t, o)
	r, out := s.doctor(t, o)
	if r.Healthy() {
		t.Fatalf("healthy:\n%s", out)
	}
	for _, h := range []hooks.Host{cursor.Host, gemini.Host, codex.Host} {
		found := false
		for _, f := range r.Findings {
			found = found || f.Host == h && f.Event != "" && f.Level == Fail && strings.Contains(f.Msg, "no gateway bridge") && strings.Contains(f.Msg, "bridgemain.Main")
		}
		if !found {
			t.Errorf("%s: no failure naming the missing bridge:\n%s", h, out)
		}
	}
}

// A bridge whose gateway answers is healthy; one whose gateway is down is
// reported with the fail policy's line.
func TestDoctorGatewayBridge(t *testing.T) {
	for _, tt := range []struct {
		url     string
		healthy bool
	}{
		{"https://hooks.example.com/hook", true},
		{"http://127.0.0.1:9/down", false},
	} {
		s := newSandbox(t, "bridge")
		o := s.opts(cursor.Host)
		o.Gateway = tt.url
		o.Events = []hooks.EventName{hooks.PreToolUse}
		s.install(t, o)
		r, out := s.doctor(t, o)
		if r.Healthy() != tt.healthy {
			t.Errorf("%s: healthy = %v, want %v:\n%s", tt.url, r.Healthy(), tt.healthy, out)
		}
		if tt.healthy && !strings.Contains(out, "blocked by the test policy") {
			t.Errorf("%s: the gateway's deny does not show:\n%s", tt.url, out)
		}
		if !tt.healthy && !anyContains(findings(r, Fail), "gateway unreachable") {
			t.Errorf("%s: the unreachable gateway is not reported:\n%s", tt.url, out)
		}
	}
}

// Claude Code's HTTP hooks: found only with --gateway; checked through
// the binary when it is a bridge, reported as not checked when it is
// not; header variables Claude Code would not fill, and settings that
// stop the hooks, fail.
func TestDoctorGatewayClaude(t *testing.T) {
	s := newSandbox(t, "bridge")
	o := s.opts(claude.Host)
	o.Events = []hooks.EventName{hooks.PreToolUse, hooks.Stop}
	o.Gateway = "https://hooks.example.com/hook"
	o.GatewayTokenEnv = "TEAM_TOKEN"
	s.install(t, o)
	t.Setenv("TEAM_TOKEN", "")

	if r, out := s.doctor(t, s.opts(claude.Host)); r.Entries != 0 {
		t.Errorf("HTTP hooks found without --gateway:\n%s", out)
	}
	r, out := s.doctor(t, o)
	// PreToolUse, PreSkillShellCommand (registered with it) and Stop.
	if !r.Healthy() || r.Entries != 3 {
		t.Fatalf("unhealthy, or not 3 entries:\n%s", out)
	}
	if !strings.Contains(out, "the gateway (asked through this binary as a bridge): answered") || !strings.Contains(out, "blocked by the test policy") {
		t.Errorf("the HTTP hook was not checked through the bridge:\n%s", out)
	}
	if !anyContains(findings(r, Warn), "TEAM_TOKEN is not set") {
		t.Errorf("no warning about the unset token variable:\n%s", out)
	}

	t.Setenv(testHookEnv, "nobridge")
	t.Setenv("TEAM_TOKEN", "t0k")
	r, out = s.doctor(t, o)
	if !r.Healthy() || !anyContains(findings(r, Info), "doctor sends no HTTP request") || len(findings(r, Warn)) > 0 {
		t.Errorf("a binary without a bridge: want healthy with an info line:\n%s", out)
	}

	settings := filepath.Join(s.project, ".claude", "settings.json")
	src, _ := safefile.Read(settings)
	edited := strings.Replace(string(src), `"allowedEnvVars": [`, `"allowedEnvVars": ["OTHER",`, 1)
	edited = strings.Replace(edited, `"Bearer ${TEAM_TOKEN}"`, `"Bearer ${TEAM_TOKEN} $lower ${MISSING}"`, 1)
	write(t, "/", map[string][]byte{
		strings.TrimPrefix(settings, "/"): []byte(edited),
		strings.TrimPrefix(filepath.Join(s.project, ".claude", "settings.local.json"), "/"): []byte(`{"allowedHttpHookUrls": ["https://other.example.com/*"], "httpHookAllowedEnvVars": ["OTHER"]}`),
	})
	r, out = s.doctor(t, o)
	fs := findings(r, Fail)
	for _, want := range []string{"$lower: Claude Code fills only upper-case names", "$MISSING, which is not in allowedEnvVars",
		"allowedHttpHookUrls without a pattern matching https://hooks.example.com/hook?host=claude", "httpHookAllowedEnvVars without TEAM_TOKEN"} {
		if !anyContains(fs, want) {
			t.Errorf("no failure %q:\n%s", want, out)
		}
	}
	write(t, "/", map[string][]byte{
		strings.TrimPrefix(filepath.Join(s.project, ".claude", "settings.local.json"), "/"): []byte(`{"allowedHttpHookUrls": ["https://hooks.example.com/*"], "httpHookAllowedEnvVars": ["TEAM_TOKEN"]}`),
	})
	if r, out := s.doctor(t, o); anyContains(findings(r, Fail), "allowedHttpHookUrls") || anyContains(findings(r, Fail), "httpHookAllowedEnvVars") {
		t.Errorf("settings that allow the hook are reported:\n%s", out)
	}
}

func TestHeaderVars(t *testing.T) {
	for in, want := range map[string]string{
		"Bearer ${TOKEN}":        "TOKEN",
		"Bearer $TOKEN":          "TOKEN",
		"$A-${B_2}x$_c ${lower}": "A B_2 _c lower",
		"${unterminated":         "",
		"$ {X} $9 $$":            "",
		"price: $":               "",
	} {
		if got := strings.Join(headerVars(in), " "); got != want {
			t.Errorf("headerVars(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGlobMatch(t *testing.T) {
	for _, tt := range []struct {
		pattern, s string
		want       bool
	}{
		{"*", "https://x/y", true},
		{"https://hooks.example.com/*", "https://hooks.example.com/hook?host=claude", true},
		{"https://*.example.com/*", "https://hooks.example.com/hook", true},
		{"https://other.example.com/*", "https://hooks.example.com/hook", false},
		{"https://hooks.example.com/hook", "https://hooks.example.com/hook", true},
		{"https://hooks.example.com/hook", "https://hooks.example.com/hook2", false},
		{"HTTPS://Hooks.example.com/*", "https://hooks.example.com/a", true},
	} {
		if got := globMatch(tt.pattern, tt.s); got != tt.want {
			t.Errorf("globMatch(%q, %q) = %v", tt.pattern, tt.s, got)
		}
	}
}

func TestLoopbackURL(t *testing.T) {
	for u, want := range map[string]bool{
		"http://127.0.0.1:8787/hook": true, "http://localhost/hook": true, "http://[::1]:80/": true,
		"http://user@127.0.0.1/": true, "http://127.1.2.3": true,
		"http://10.0.0.1/hook": false, "http://127.0.0.1.example.com/": false, "http://hooks.example.com": false,
		"http://localhost.example.com/": false, "http://[::2]/": false,
	} {
		if got := loopbackURL(u); got != want {
			t.Errorf("loopbackURL(%q) = %v", u, got)
		}
	}
}

// Claude Code runs no HTTP hook on SessionStart (its adapter says so in
// hostfacts.JSONSettings.NoHTTP): install leaves it out for a gateway and says
// why, and registers it as a command hook without one.
func TestGatewaySkipsNoHTTPEvents(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	o := Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{claude.Host}, Dir: dir, Home: home, DryRun: true,
		Getenv: func(string) string { return "" }, Events: []hooks.EventName{hooks.SessionStart, hooks.PreToolUse},
		Gateway: "https://hooks.example.com/hook"}
	cs, err := Install(o)
	if err != nil || len(cs) != 1 {
		t.Fatalf("install: %v, %d changes", err, len(cs))
	}
	if strings.Contains(string(cs[0].After), "SessionStart") || !anyContains(cs[0].Notes, "Claude Code runs no HTTP hook on SessionStart; not registered") {
		t.Errorf("SessionStart registered for a gateway, or no note:\n%s\n%q", cs[0].After, cs[0].Notes)
	}
	o.Gateway = ""
	if cs, err = Install(o); err != nil || !strings.Contains(string(cs[0].After), "SessionStart") {
		t.Errorf("SessionStart not registered as a command hook: %v\n%s", err, cs[0].After)
	}
}
