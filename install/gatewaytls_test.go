package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/cursor"
)

// install --gateway URL,URL --gateway-ca --gateway-cert --gateway-key
// writes the bridge's flags into every host's command, Claude Code's
// too (its HTTP hooks could not use them); install again changes
// nothing, uninstall removes the entries, and doctor fails an entry whose
// file is gone.
func TestGatewayFiles(t *testing.T) {
	s := newSandbox(t, "bridge")
	pki := filepath.Join(t.TempDir(), "pki")
	os.MkdirAll(pki, 0o755)
	for _, f := range []string{"ca.pem", "dev.pem", "dev.key"} {
		os.WriteFile(filepath.Join(pki, f), []byte("PEM"), 0o600)
	}
	o := s.opts(claude.Host, cursor.Host)
	o.Events = []hooks.EventName{hooks.PreToolUse}
	o.Gateway = "https://gw1.example.com/hook,https://gw2.example.com/hook"
	o.GatewayCA, o.GatewayCert, o.GatewayKey = filepath.Join(pki, "ca.pem"), filepath.Join(pki, "dev.pem"), filepath.Join(pki, "dev.key")
	s.install(t, o)
	want := " --gateway https://gw1.example.com/hook,https://gw2.example.com/hook --gateway-ca " + o.GatewayCA + " --gateway-cert " + o.GatewayCert + " --gateway-key " + o.GatewayKey
	for _, f := range []string{filepath.Join(s.project, ".claude", "settings.json"), filepath.Join(s.project, ".cursor", "hooks.json")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks the bridge's flags %q:\n%s", f, want, b)
		}
		if strings.Contains(string(b), `"type": "http"`) {
			t.Errorf("%s has an HTTP hook: it cannot fail over or present a client certificate:\n%s", f, b)
		}
	}
	changes, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		if c.Changed() {
			t.Errorf("install again changed %s: the entries are not read back as install's own", c.Path)
		}
	}
	r, out := s.doctor(t, o)
	if !r.Healthy() {
		t.Errorf("doctor, every file there:\n%s", out)
	}
	os.Remove(o.GatewayCA)
	r, out = s.doctor(t, o)
	if r.Healthy() || !anyContains(findings(r, Fail), "--gateway-ca "+o.GatewayCA+" is missing") {
		t.Errorf("doctor, the CA gone:\n%s", out)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(s.project, ".claude", "settings.json"), filepath.Join(s.project, ".cursor", "hooks.json")} {
		if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), "--gateway") {
			t.Errorf("uninstall left %s:\n%s", f, b)
		}
	}
}

func TestGatewayFilesRefused(t *testing.T) {
	dir := t.TempDir()
	ca := filepath.Join(dir, "ca.pem")
	os.WriteFile(ca, []byte("PEM"), 0o600)
	spaced := filepath.Join(dir, "my ca.pem")
	os.WriteFile(spaced, []byte("PEM"), 0o600)
	for name, o := range map[string]Options{
		"ca without gateway":    {GatewayCA: ca},
		"cert without key":      {Gateway: "https://gw.example.com/hook", GatewayCert: ca},
		"a space in the path":   {Gateway: "https://gw.example.com/hook", GatewayCA: spaced},
		"second URL plain http": {Gateway: "https://gw.example.com/hook,http://gw2.example.com/hook"},
		"second URL empty":      {Gateway: "https://gw.example.com/hook,"},
	} {
		if err := o.checkGateway(nil); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	for name, o := range map[string]Options{
		"missing ca":  {Gateway: "https://gw.example.com/hook", GatewayCA: filepath.Join(dir, "none.pem")},
		"a directory": {Gateway: "https://gw.example.com/hook", GatewayCA: dir},
	} {
		if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "--gateway-ca") {
			t.Errorf("%s: %v, want an error naming --gateway-ca", name, err)
		}
	}
	rel := Options{Gateway: "https://gw.example.com/hook,http://127.0.0.1:8787/hook", GatewayCA: ca}
	if err := rel.checkGateway(nil); err != nil || rel.GatewayCA != ca {
		t.Errorf("good options: %v, %q", err, rel.GatewayCA)
	}
}
