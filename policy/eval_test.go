package policy

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

func mustSet(t *testing.T, layers ...string) *Set {
	t.Helper()
	var files []*File
	for i, src := range layers {
		if src == "" {
			continue
		}
		f, err := Parse([...]string{"managed.toml", "user.toml", "project.toml"}[i], Layer(i), []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	s, err := NewSet(files...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func shellEvent(cmd string) *hooks.PreToolUseEvent {
	return &hooks.PreToolUseEvent{Base: hooks.Base{Host: "claude", Cwd: "/home/dev/project"},
		Tool: hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}}}
}

const npmDeny = `version = 1
[[rule]]
name = "no-npm-publish"
command = "npm publish"
decision = "deny"
reason = "publishing is done by CI"
`

// TestCommandRule: a command rule matches the command wherever package
// shell finds it, and leaves the look-alikes alone.
func TestCommandRule(t *testing.T) {
	s := mustSet(t, npmDeny)
	for _, cmd := range []string{
		"npm publish",
		"npm publish --tag next",
		"sudo npm publish",
		"bash -c 'cd pkg && npm publish'",
		"true && npm publish | tee log",
		"env CI=1 npm --registry https://r.example publish",
		"/usr/local/bin/npm publish",
		`"n"pm pub''lish`,
		"NPM publish",
		"eval 'npm publish'",
		"find . -name package.json -execdir npm publish \\;",
		"echo x | xargs npm publish",
		"timeout 10 nice npm publish",
		"(npm publish)",
		"x=$(npm publish)",
		// npm runs a command named by a unique prefix (npm 11, measured).
		"npm pu",
		"npm publ --access public",
		"npm -w pkg publish",
		"npm --workspace=pkg publish",
		"command npm publish",
		"\\npm publish",
		"npm exec -- npm publish",
		"sh -c \"npm publish\"",
		"npm.exe publish",
		"alias p='npm publish'\np",
	} {
		v := s.Eval(context.Background(), shellEvent(cmd))
		if v.Decision != hooks.DecisionDeny || v.Rule == nil || v.Rule.Name != "no-npm-publish" {
			t.Errorf("%q: %+v; want denied by no-npm-publish", cmd, v)
			continue
		}
		r := v.Response()
		if r.Decision != hooks.DecisionDeny || r.Reason != "policy: rule no-npm-publish: publishing is done by CI" {
			t.Errorf("%q: response %+v", cmd, r)
		}
	}
	for _, cmd := range []string{
		"npm run publish-docs",
		"echo npm publish",
		"npm publisher",
		"npm install",
		"npm --version",
		"npm",
		"git commit -m 'npm publish'",
		"cat <<'EOF'\nnpm publish\nEOF",
		"pnpm publish",
		"grep -r 'npm publish' .",
		"npm p",
		"npm publish-x",
		"npx publish",
	} {
		if v := s.Eval(context.Background(), shellEvent(cmd)); v.Decision != hooks.NoDecision || len(v.Matches) != 0 || v.Unseen != "" {
			t.Errorf("%q: %+v; want no decision", cmd, v)
		}
	}
	// What cannot be seen is denied, not let through.
	for _, cmd := range []string{"$x publish", "npm $sub", "npm publish 'unterminated"} {
		v := s.Eval(context.Background(), shellEvent(cmd))
		if v.Decision != hooks.DecisionDeny || v.Unseen == "" || v.Response().Decision != hooks.DecisionDeny {
			t.Errorf("%q: %+v; want denied as unseen", cmd, v)
		}
	}
}

// TestFlags: flags narrow a command rule; git global options do not
// hide the subcommand.
func TestFlags(t *testing.T) {
	s := mustSet(t, `version = 1
[[rule]]
name = "no-force-push"
command = "git push"
flags = ["--force", "-f", "--force-with-lease"]
decision = "deny"
reason = "no force push"
`)
	for _, cmd := range []string{"git push --force", "git push -f origin main", "git -C sub -c a=b push origin --force",
		"git push -uf origin x", "git push --force-with-lease=main", "git --no-pager push origin main --force"} {
		if v := s.Eval(context.Background(), shellEvent(cmd)); v.Decision != hooks.DecisionDeny {
			t.Errorf("%q: %+v; want denied", cmd, v)
		}
	}
	for _, cmd := range []string{"git push", "git push origin main", "git push -- --force", "git fetch --force", "git pushy -f"} {
		if v := s.Eval(context.Background(), shellEvent(cmd)); v.Decision != hooks.NoDecision {
			t.Errorf("%q: %+v; want no decision", cmd, v)
		}
	}
}

// TestPaths: reads, writes and deletes globs, for every tool and
// program.
func TestPaths(t *testing.T) {
	s := mustSet(t, `version = 1
[[rule]]
name = "secrets-dir"
writes = "secrets/**"
decision = "deny"
reason = "secrets are managed by vault"
[[rule]]
name = "pem-read"
reads = "*.pem"
decision = "ask"
reason = "reading a key"
[[rule]]
name = "migrations"
deletes = "db/migrations/*.sql"
decision = "deny"
reason = "migrations are append-only"
`)
	cases := []struct {
		tool hooks.Tool
		rule string
	}{
		{hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: "secrets/a/b.txt"}}, "secrets-dir"},
		{hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: "/home/dev/project/secrets/x"}}, "secrets-dir"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "echo x > secrets/token"}}, "secrets-dir"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "cd secrets && tee k < /dev/null"}}, "secrets-dir"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "cp a.txt ./secrets/"}}, "secrets-dir"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "echo x > docs/../secrets/k"}}, "secrets-dir"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "sed -i s/a/b/ secrets/k"}}, "secrets-dir"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "bash -c 'mv /tmp/k /home/dev/project/secrets/k'"}}, "secrets-dir"},
		{hooks.Tool{Name: "Edit", Input: &hooks.EditInput{Path: "/home/dev/project/secrets/k"}}, "secrets-dir"},
		{hooks.Tool{Name: "Read", Input: &hooks.ReadInput{Path: "certs/server.pem"}}, "pem-read"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "cat certs/server.pem"}}, "pem-read"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "rm db/migrations/001.sql"}}, "migrations"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "git rm db/migrations/001.sql"}}, "migrations"},
	}
	for _, tc := range cases {
		ev := &hooks.PreToolUseEvent{Base: hooks.Base{Host: "codex", Cwd: "/home/dev/project"}, Tool: tc.tool}
		v := s.Eval(context.Background(), ev)
		if v.Rule == nil || v.Rule.Name != tc.rule {
			t.Errorf("%s %+v: %+v; want rule %s", tc.tool.Name, tc.tool.Input, v, tc.rule)
		}
	}
	for _, tool := range []hooks.Tool{
		{Name: "Write", Input: &hooks.WriteInput{Path: "docs/secrets.md"}},
		{Name: "Write", Input: &hooks.WriteInput{Path: "../other/secrets/x"}},
		{Name: "Read", Input: &hooks.ReadInput{Path: "secrets/x"}},
		{Name: "Bash", Input: &hooks.ShellInput{Command: "cat secrets/x"}},
		{Name: "Bash", Input: &hooks.ShellInput{Command: "echo server.pem"}},
		{Name: "Bash", Input: &hooks.ShellInput{Command: "cat db/migrations/001.sql"}},
	} {
		ev := &hooks.PreToolUseEvent{Base: hooks.Base{Host: "codex", Cwd: "/home/dev/project"}, Tool: tool}
		if v := s.Eval(context.Background(), ev); v.Decision != hooks.NoDecision {
			t.Errorf("%s %+v: %+v; want no decision", tool.Name, tool.Input, v)
		}
	}
}

// TestPrecedence: deny > ask > allow across layers, whatever the order;
// context adds text; observe decides nothing.
func TestPrecedence(t *testing.T) {
	rule := func(name, decision string, extra string) string {
		return "[[rule]]\nname = \"" + name + "\"\ncommand = \"make\"\ndecision = \"" + decision + "\"\nreason = \"" + name + " says\"\n" + extra
	}
	for _, tc := range []struct {
		name    string
		layers  [3]string
		want    hooks.Decision
		rule    string
		context string
	}{
		{"allow in project does not lift managed deny", [3]string{"version = 1\n" + rule("m", "deny", ""), "", "version = 1\n" + rule("p", "allow", "")}, hooks.DecisionDeny, "m", ""},
		{"deny in project beats managed allow", [3]string{"version = 1\n" + rule("m", "allow", ""), "", "version = 1\n" + rule("p", "deny", "")}, hooks.DecisionDeny, "p", ""},
		{"ask beats allow", [3]string{"", "version = 1\n" + rule("u", "ask", ""), "version = 1\n" + rule("p", "allow", "")}, hooks.DecisionAsk, "u", ""},
		{"deny beats ask", [3]string{"", "version = 1\n" + rule("u", "ask", ""), "version = 1\n" + rule("p", "deny", "")}, hooks.DecisionDeny, "p", ""},
		{"allow alone", [3]string{"", "", "version = 1\n" + rule("p", "allow", "")}, hooks.DecisionAllow, "p", ""},
		{"context with deny", [3]string{"version = 1\n" + rule("c", "context", ""), "", "version = 1\n" + rule("p", "deny", "")}, hooks.DecisionDeny, "p", "c says"},
		{"context alone", [3]string{"version = 1\n" + rule("c", "context", "") + rule("c2", "context", ""), "", ""}, hooks.NoDecision, "", "c says\nc2 says"},
		{"observed deny decides nothing", [3]string{"version = 1\n" + rule("o", "deny", "mode = \"observe\"\n"), "", "version = 1\n" + rule("p", "allow", "")}, hooks.DecisionAllow, "p", ""},
		{"observed deny alone", [3]string{"version = 1\n" + rule("o", "deny", "mode = \"observe\"\n"), "", ""}, hooks.NoDecision, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustSet(t, tc.layers[:]...)
			v := s.Eval(context.Background(), shellEvent("make -j4"))
			name := ""
			if v.Rule != nil {
				name = v.Rule.Name
			}
			if v.Decision != tc.want || name != tc.rule || v.Context != tc.context {
				t.Errorf("Eval = %v by %q, context %q; want %v by %q, context %q", v.Decision, name, v.Context, tc.want, tc.rule, tc.context)
			}
			if r := v.Response(); r.Decision != tc.want || r.Context != tc.context {
				t.Errorf("Response = %+v", r)
			}
		})
	}
}

// TestLock: a locked managed file makes lower layers' allows and
// scratch additions ignored with a warning; their denies and secrets
// still count.
func TestLock(t *testing.T) {
	managed := "version = 1\n[guard]\nlocked = true\nscratch = [\"out\"]\n"
	lower := "version = 1\n[guard]\nscratch = [\"build2\"]\nsecrets = [\"*.key\"]\n[[rule]]\nname = \"ok-make\"\ncommand = \"make\"\ndecision = \"allow\"\n" +
		"[[rule]]\nname = \"no-curl\"\ncommand = \"curl\"\ndecision = \"deny\"\nreason = \"no network\"\n"
	s := mustSet(t, managed, "", lower)
	if strings.Join(s.Guard.Scratch, ",") != "out" || strings.Join(s.Guard.Secrets, ",") != "*.key" || !s.Guard.Locked {
		t.Errorf("Guard = %+v", s.Guard)
	}
	if len(s.Warnings) != 2 || !strings.Contains(s.Warnings[0], "guard.scratch ignored") || !strings.Contains(s.Warnings[1], `rule "ok-make" ignored`) {
		t.Errorf("Warnings = %q", s.Warnings)
	}
	if v := s.Eval(context.Background(), shellEvent("make")); v.Decision != hooks.NoDecision {
		t.Errorf("make under lock: %+v", v)
	}
	if v := s.Eval(context.Background(), shellEvent("curl x")); v.Decision != hooks.DecisionDeny {
		t.Errorf("curl under lock: %+v", v)
	}
	// Unlocked, the same lower file weakens.
	s = mustSet(t, "version = 1\n", "", lower)
	if len(s.Warnings) != 0 || strings.Join(s.Guard.Scratch, ",") != "build2" {
		t.Errorf("unlocked: %+v", s)
	}
	if v := s.Eval(context.Background(), shellEvent("make")); v.Decision != hooks.DecisionAllow {
		t.Errorf("make unlocked: %+v", v)
	}
}

// TestUploadHostsLayers: upload_hosts are read lower-cased without a
// trailing dot and merged across layers; a locked managed file's list
// cannot be widened by a lower layer (ignored with a warning), and a
// changed list changes the policy's version.
func TestUploadHostsLayers(t *testing.T) {
	lower := "version = 1\n[guard]\nupload_hosts = [\"Evil.Example.net.\"]\n"
	s := mustSet(t, "version = 1\n[guard]\nupload_hosts = [\"artifacts.example.com\"]\n", "", lower)
	if got := strings.Join(s.Guard.UploadHosts, ","); got != "artifacts.example.com,evil.example.net" || len(s.Warnings) != 0 {
		t.Errorf("unlocked: UploadHosts %q, warnings %q", got, s.Warnings)
	}
	v1 := s.Version()
	s = mustSet(t, "version = 1\n[guard]\nlocked = true\nupload_hosts = [\"artifacts.example.com\"]\n", lower, lower)
	if got := strings.Join(s.Guard.UploadHosts, ","); got != "artifacts.example.com" {
		t.Errorf("locked: a lower layer widened UploadHosts: %q", got)
	}
	if len(s.Warnings) != 2 || !strings.Contains(s.Warnings[0], "guard.upload_hosts ignored: the managed policy is locked") {
		t.Errorf("locked: warnings %q", s.Warnings)
	}
	s2 := mustSet(t, "version = 1\n[guard]\nupload_hosts = [\"other.example.com\"]\n", "", lower)
	if s2.Version() == v1 {
		t.Error("a changed upload_hosts list left the policy version unchanged")
	}
}

// TestDuplicateAcrossLayers: a name used in two layers is an error
// naming both.
func TestDuplicateAcrossLayers(t *testing.T) {
	a, _ := Parse("managed.toml", Managed, []byte(npmDeny))
	b, _ := Parse("project.toml", Project, []byte(npmDeny))
	_, err := NewSet(a, b)
	if err == nil || !strings.Contains(err.Error(), "project.toml:2: rule.name") || !strings.Contains(err.Error(), "managed.toml:2") {
		t.Errorf("NewSet = %v", err)
	}
}

// TestConditions: event, tool, mcp and hosts narrow a rule.
func TestConditions(t *testing.T) {
	s := mustSet(t, `version = 1
[[rule]]
name = "gh"
mcp = "github/create_*"
hosts = ["claude"]
decision = "ask"
reason = "creating on GitHub"
[[rule]]
name = "post"
tool = "shell"
event = "PostToolUse"
decision = "context"
reason = "check the output"
`)
	mcp := func(host hooks.Host, server, tool string) hooks.Event {
		return &hooks.PreToolUseEvent{Base: hooks.Base{Host: host}, Tool: hooks.Tool{Name: "mcp__x", Input: &hooks.MCPInput{Server: server, Tool: tool}}}
	}
	if v := s.Eval(context.Background(), mcp("claude", "github", "create_issue")); v.Decision != hooks.DecisionAsk {
		t.Errorf("github/create_issue on claude: %+v", v)
	}
	for _, ev := range []hooks.Event{mcp("codex", "github", "create_issue"), mcp("claude", "github", "list_issues"), mcp("claude", "gitlab", "create_issue")} {
		if v := s.Eval(context.Background(), ev); v.Decision != hooks.NoDecision {
			t.Errorf("%+v: %+v", ev, v)
		}
	}
	if v := s.Eval(context.Background(), shellEvent("ls")); v.Context != "" {
		t.Errorf("PreToolUse got the PostToolUse rule: %+v", v)
	}
	post := &hooks.PostToolUseEvent{Base: hooks.Base{Host: "claude"}, Tool: hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "ls"}}}
	if v := s.Eval(context.Background(), post); v.Context != "check the output" {
		t.Errorf("PostToolUse: %+v", v)
	}
}
