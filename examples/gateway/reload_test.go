package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPolicyReload: the gateway reads the user's policy file (here under
// a temporary XDG_CONFIG_HOME), reads it again when it changes, and
// keeps the last good version when a change breaks it, saying so in its
// log once, the name of the rule reaching the request's record.
func TestPolicyReload(t *testing.T) {
	xdg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", xdg)
	p := filepath.Join(xdg, "agenthooks", "policy.toml")
	os.MkdirAll(filepath.Dir(p), 0o755)
	srv, logs := start(t)
	post := func() string {
		t.Helper()
		payload := `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"sudo npm publish"},"tool_use_id":"t1"}`
		req, _ := http.NewRequest("POST", srv.URL+"/hook?host=claude&timeout=30", strings.NewReader(payload))
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	write := func(src string, age time.Duration) {
		os.WriteFile(p, []byte(src), 0o644)
		mt := time.Now().Add(-age)
		os.Chtimes(p, mt, mt)
	}
	if got := post(); got != "" {
		t.Fatalf("no file: %q", got)
	}
	write("version = 1\n[[rule]]\nname = \"no-npm-publish\"\ncommand = \"npm publish\"\ndecision = \"deny\"\nreason = \"CI publishes\"\n", 20*time.Second)
	if got := post(); !strings.Contains(got, "policy: rule no-npm-publish: CI publishes") {
		t.Fatalf("after the file: %q", got)
	}
	write("version = 1\n[[rule]]\nname = \"no-npm-publish\"\ncommand = \"npm publish\"\ndecison = \"deny\"\n", 10*time.Second)
	for range 2 {
		if got := post(); !strings.Contains(got, "policy: rule no-npm-publish: CI publishes") {
			t.Fatalf("after a broken change: %q; want the last good version", got)
		}
	}
	if n := strings.Count(logs.String(), "keeping the version read at"); n != 1 || !strings.Contains(logs.String(), p+":5: rule.decison: unknown key") {
		t.Errorf("log says %d times it keeps the last version:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), "policy:no-npm-publish") {
		t.Errorf("the rule's name is not in the request's record:\n%s", logs.String())
	}
	os.Remove(p)
	if got := post(); got != "" {
		t.Fatalf("file removed: %q", got)
	}
}
