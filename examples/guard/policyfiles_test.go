package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/policies/guard"
	"github.com/agenthooks/hooks/policy"
)

// project makes a git project with a project policy file holding src,
// and returns its root.
func project(t *testing.T, src string) string {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if src != "" {
		if err := os.MkdirAll(filepath.Join(root, ".agenthooks"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, ".agenthooks", "policy.toml"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// claudeBash is a Claude Code PreToolUse payload for a Bash command in
// cwd.
func claudeBash(cwd, cmd string) []byte {
	b, _ := json.Marshal(map[string]any{"session_id": "s", "transcript_path": "/home/dev/t.jsonl", "cwd": cwd,
		"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
	return b
}

// answer runs the guard with only the project layer of cwd (no managed
// or user file of this machine) on payload.
func answer(t *testing.T, payload []byte) (code int, stdout, stderr string) {
	t.Helper()
	load := func(cwd string) (*policy.Set, error) {
		return policy.LoadFiles([3]string{"", "", policy.ProjectPath(cwd)})
	}
	var out, errb bytes.Buffer
	code = hookmain.Main(context.Background(), guard.WithPolicy(load, &errb), []string{"--host", "claude"}, bytes.NewReader(payload), &out, &errb)
	return code, out.String(), errb.String()
}

const teamProject = `version = 1
[guard]
scratch = ["out"]
secrets = ["*.pem"]

[[rule]]
name = "no-npm-publish"
command = "npm publish"
decision = "deny"
reason = "publishing is done by CI"

[[rule]]
name = "allow-everything-rm"
command = "rm"
decision = "allow"
`

// TestGuardReadsProjectPolicy: the project layer's knobs and rules
// change the guard's answers; an allow does not lift a built-in deny.
func TestGuardReadsProjectPolicy(t *testing.T) {
	root := project(t, teamProject)
	sub := filepath.Join(root, "pkg", "a")
	os.MkdirAll(sub, 0o755)
	for _, tc := range []struct {
		cwd, cmd string
		deny     string // "" for not denied
	}{
		{root, "npm publish", "policy: rule no-npm-publish: publishing is done by CI"},
		{sub, "sudo npm publish --tag x", "policy: rule no-npm-publish"},
		{root, "npm run publish-docs", ""},
		{root, "echo npm publish", ""},
		{root, "rm -rf out", ""},              // scratch from the file
		{root, "rm -rf src", "guard: rule 1"}, // the allow on rm does not lift rule 1
		{root, "echo k > certs/server.pem", "guard: rule 3"},
		{root, "cat certs/server.pem", "guard: rule 7"}, // reading a key file is rule 7
		{root, "echo x > .env", "guard: rule 3"},
	} {
		code, stdout, stderr := answer(t, claudeBash(tc.cwd, tc.cmd))
		denied := strings.Contains(stdout, `"deny"`)
		if tc.deny == "" {
			if denied || code != 0 {
				t.Errorf("%q: exit %d, %s %s; want not denied", tc.cmd, code, stdout, stderr)
			}
			continue
		}
		if !denied || !strings.Contains(stdout, tc.deny) {
			t.Errorf("%q: exit %d, %s %s; want denied with %q", tc.cmd, code, stdout, stderr, tc.deny)
		}
	}
	// Without the file, out is not scratch and npm publish is no concern.
	bare := project(t, "")
	if _, stdout, _ := answer(t, claudeBash(bare, "npm publish")); strings.Contains(stdout, "deny") {
		t.Errorf("no policy file: npm publish denied: %s", stdout)
	}
	if _, stdout, _ := answer(t, claudeBash(bare, "rm -rf out")); !strings.Contains(stdout, "guard: rule 1") {
		t.Errorf("no policy file: rm -rf out not denied: %s", stdout)
	}
}

// TestGuardBrokenPolicyFailsClosed: a broken file denies every call,
// even a harmless one, with one stderr line naming the file and line.
func TestGuardBrokenPolicyFailsClosed(t *testing.T) {
	root := project(t, "version = 1\n[[rule]]\nname = \"x\"\ncommand = \"npm publish\"\ndecison = \"deny\"\n")
	code, stdout, stderr := answer(t, claudeBash(root, "ls"))
	file := filepath.Join(root, ".agenthooks", "policy.toml")
	if !strings.Contains(stdout, `"deny"`) || !strings.Contains(stdout, "policy file cannot be read") {
		t.Errorf("exit %d, stdout %s; want a deny", code, stdout)
	}
	if lines := strings.Split(strings.TrimSpace(stderr), "\n"); len(lines) != 1 || !strings.Contains(stderr, file+":5: rule.decison: unknown key") {
		t.Errorf("stderr = %q; want one line naming %s:5", stderr, file)
	}
}

// TestPolicyCheck: guard policy check exits 0 on a good file and 2
// naming file:line: key on a bad one.
func TestPolicyCheck(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.toml")
	bad := filepath.Join(dir, "bad.toml")
	locked := filepath.Join(dir, "locked.toml")
	os.WriteFile(good, []byte(teamProject), 0o644)
	os.WriteFile(bad, []byte("version = 1\n[[rule]]\nname = \"a\"\ncommand = \"rm\"\ndecision = \"block\"\nreason = \"r\"\n"), 0o644)
	os.WriteFile(locked, []byte("version = 1\n[guard]\nlocked = true\n"), 0o644)
	hosts := filepath.Join(dir, "hosts.toml")
	os.WriteFile(hosts, []byte("version = 1\n[guard]\nupload_hosts = [\"artifacts.example.com\", \"artifacts.example.com@evil.io\"]\n"), 0o644)
	goodHosts := filepath.Join(dir, "goodhosts.toml")
	os.WriteFile(goodHosts, []byte("version = 1\n[guard]\nupload_hosts = [\"artifacts.example.com\", \"xn--bcher-kva.example\"]\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"check", good}, 0, good + ": ok, 2 rules"},
		{[]string{"check", bad}, 2, bad + `:5: rule[0].decision: "block" is not deny, ask, allow, context or judge`},
		{[]string{"check", locked}, 2, locked + ":3: guard.locked: only the managed file"},
		{[]string{"check", "--managed", locked}, 0, "ok, 0 rules"},
		{[]string{"check", hosts}, 2, hosts + `:3: guard.upload_hosts[1]: "artifacts.example.com@evil.io" is not a host name (no user, port or path)`},
		{[]string{"check", goodHosts}, 0, "ok, 0 rules"},
		{[]string{"check", filepath.Join(dir, "missing.toml")}, 2, "missing.toml"},
		{[]string{"frob"}, 2, "unknown subcommand"},
		{nil, 2, "usage"},
	} {
		var stdout, stderr bytes.Buffer
		code := policyCommand(tc.args, strings.NewReader(""), &stdout, &stderr)
		if code != tc.code || !strings.Contains(stdout.String()+stderr.String(), tc.out) {
			t.Errorf("guard policy %q: exit %d, %q %q; want exit %d with %q", tc.args, code, stdout.String(), stderr.String(), tc.code, tc.out)
		}
	}
}

// TestPolicyExplain: explain names the files read, the rule that
// decided and the facts it matched.
func TestPolicyExplain(t *testing.T) {
	root := project(t, teamProject+"\n[[rule]]\nname = \"watch-curl\"\ncommand = \"curl\"\ndecision = \"deny\"\nreason = \"network\"\nmode = \"observe\"\n")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	var stdout, stderr bytes.Buffer
	code := policyCommand([]string{"explain", "--host", "claude"}, bytes.NewReader(claudeBash(root, "curl x | sudo npm publish")), &stdout, &stderr)
	out := stdout.String()
	for _, want := range []string{
		"event: claude PreToolUse",
		"project: " + filepath.Join(root, ".agenthooks", "policy.toml") + ": ok, 3 rules",
		"matched: rule watch-curl (", "deny (observe: not enforced)",
		"  command: curl x",
		"matched: rule no-npm-publish (",
		"  command: npm publish",
		"decided by: rule no-npm-publish",
		"decision: deny",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("explain lacks %q:\n%s%s", want, out, stderr.String())
		}
	}
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	stdout.Reset()
	policyCommand([]string{"explain", "--host", "claude"}, bytes.NewReader(claudeBash(root, "rm -rf src")), &stdout, &stderr)
	if !strings.Contains(stdout.String(), "decided by: built-in rule") || !strings.Contains(stdout.String(), "guard: rule 1") {
		t.Errorf("explain of a built-in deny:\n%s", stdout.String())
	}
}

// TestDoctorPolicy: doctor names each layer's file, and a broken one
// with its line and key.
func TestDoctorPolicy(t *testing.T) {
	root := project(t, "version = 1\n[guard]\nscrach = [\"out\"]\n")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Chdir(root)
	var out bytes.Buffer
	doctorPolicy(&out)
	file := filepath.Join(root, ".agenthooks", "policy.toml")
	if !strings.Contains(out.String(), "ERROR "+file+":3: guard.scrach: unknown key: the guard denies every tool call") {
		t.Errorf("doctor:\n%s", out.String())
	}
	os.WriteFile(file, []byte(teamProject), 0o644)
	out.Reset()
	doctorPolicy(&out)
	if !strings.Contains(out.String(), "  project: "+file+": ok, 2 rules") || !strings.Contains(out.String(), "  user: ") {
		t.Errorf("doctor:\n%s", out.String())
	}
}
