package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
)

// TestReadme checks README.md's snippets: every JSON block is valid, the
// Claude entry is what hookhttp.ClaudeHook builds, and every bridge command
// line, pointed at a test gateway, denies `rm -rf` for its host.
func TestReadme(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllSubmatch(data, -1)
	if len(blocks) < 5 {
		t.Fatalf("%d JSON blocks in README.md", len(blocks))
	}
	for _, b := range blocks {
		if !json.Valid(b[1]) {
			t.Errorf("invalid JSON block:\n%s", b[1])
		}
	}

	var claude struct {
		Hooks map[string][]struct {
			Hooks []json.RawMessage `json:"hooks"`
		} `json:"hooks"`
	}
	json.Unmarshal(blocks[1][1], &claude)
	want, _ := hookhttp.ClaudeHook("https://hooks.example.com/hook", "HOOKS_GATEWAY_TOKEN", 30*time.Second)
	wantJSON, _ := json.Marshal(want)
	n := 0
	for ev, groups := range claude.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				var got hookhttp.ClaudeHTTPHook
				json.Unmarshal(h, &got)
				gotJSON, _ := json.Marshal(got)
				if !bytes.Equal(gotJSON, wantJSON) {
					t.Errorf("%s entry %s, want %s", ev, gotJSON, wantJSON)
				}
				n++
			}
		}
	}
	if n != 2 {
		t.Errorf("%d Claude entries, want 2", n)
	}

	srv, _ := start(t)
	t.Setenv(hookhttp.DefaultTokenEnv, token)
	payloads := map[string]string{
		"cursor": `{"conversation_id":"c1","generation_id":"g1","command":"rm -rf build","cwd":"/home/dev/project","hook_event_name":"beforeShellExecution","cursor_version":"3.9.16","workspace_roots":["/home/dev/project"]}`,
		"gemini": `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-01-15T10:00:02.100Z","tool_name":"run_shell_command","tool_input":{"command":"rm -rf build"}}`,
		"codex":  `{"session_id":"s","turn_id":"t","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"c1"}`,
	}
	cmds := regexp.MustCompile(`"command": "(/usr/local/bin/bridge [^"]*)"`).FindAllSubmatch(data, -1)
	if len(cmds) != 5 {
		t.Fatalf("%d bridge commands in README.md, want 5", len(cmds))
	}
	for _, c := range cmds {
		args := strings.Fields(string(c[1]))[1:]
		if !hookhttp.HasGateway(args) {
			t.Errorf("%s: no --gateway", c[1])
		}
		host := ""
		for i, a := range args {
			if a == "--gateway" {
				args[i+1] = srv.URL + "/hook"
			}
			if a == "--host" {
				host = args[i+1]
			}
		}
		var o, e bytes.Buffer
		code := hookhttp.BridgeMain(context.Background(), hooks.Handlers{}, args, strings.NewReader(payloads[host]), &o, &e)
		if code != 0 || !strings.Contains(o.String(), "deny") || e.Len() != 0 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", c[1], code, o.String(), e.String())
		}
	}
}

func TestRunRefusesWithoutToken(t *testing.T) {
	var e bytes.Buffer
	if code := run(context.Background(), nil, env(nil), &e); code != 2 || !strings.Contains(e.String(), "HOOKS_GATEWAY_TOKEN") {
		t.Errorf("exit %d, stderr %q", code, e.String())
	}
}

// TestReadmeFlags fails when README.md names a gateway flag the gateway
// does not have, or when a flag of the gateway is missing from README.md.
func TestReadmeFlags(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var usage bytes.Buffer
	if _, err := parse([]string{"-h"}, env(nil), &usage); err == nil {
		t.Fatal("-h: no error")
	}
	have := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z][a-z-]*)`).FindAllStringSubmatch(usage.String(), -1) {
		have[m[1]] = true
	}
	if !have["addr"] || !have["jwks"] || len(have) < 20 {
		t.Fatalf("the usage lists %d flags, not addr and jwks: is the check reading it right?\n%s", len(have), usage.String())
	}
	named := map[string]bool{}
	// A flag in backquotes (`-jwks`, `-judge-url`, ...), or after a space
	// on a command line that runs the gateway.
	for _, m := range regexp.MustCompile("`-([a-z][a-z-]*)").FindAllStringSubmatch(string(data), -1) {
		named[m[1]] = true
	}
	for _, line := range regexp.MustCompile(`(?m)^.*(?:\bgateway|examples/gateway) -.*$|^  -.*$`).FindAllString(string(data), -1) {
		if strings.Contains(line, "bridge") {
			continue
		}
		for _, m := range regexp.MustCompile(`(?:^|\s)-([a-z][a-z-]*)`).FindAllStringSubmatch(line, -1) {
			named[m[1]] = true
		}
	}
	for f := range named {
		if !have[f] {
			t.Errorf("README.md names -%s, which the gateway does not have", f)
		}
	}
	for f := range have {
		if !named[f] {
			t.Errorf("README.md does not name the gateway's -%s", f)
		}
	}
}
