package policy

import (
	"errors"
	"strings"
	"testing"
)

// TestParseErrors: each way a file can be wrong is an error naming the
// file, the line and the key.
func TestParseErrors(t *testing.T) {
	const rule = "[[rule]]\nname = \"r\"\ncommand = \"npm publish\"\ndecision = \"deny\"\nreason = \"x\"\n"
	for _, tc := range []struct {
		name, src string
		line      int
		key, msg  string
	}{
		{"unknown top key", "version = 1\nversoin = 2\n", 2, "versoin", "unknown key"},
		{"unknown guard key", "version = 1\n[guard]\nscratch = []\nlock = true\n", 4, "guard.lock", "unknown key"},
		{"unknown rule key", "version = 1\n" + rule + "decisoin = \"deny\"\n", 7, "rule.decisoin", "unknown key"},
		{"missing version", rule, 1, "version", "missing"},
		{"bad version", "version = 2\n", 1, "version", "not a known version"},
		{"wrong type", "version = 1\n[guard]\nscratch = \"out\"\n", 3, "guard.scratch", ""},
		{"wrong type in rule", "version = 1\n[[rule]]\nname = 3\n", 3, "rule.name", ""},
		{"bad decision", "version = 1\n[[rule]]\nname = \"r\"\ncommand = \"rm\"\nreason = \"x\"\ndecision = \"block\"\n", 6, "rule[0].decision", `"block" is not deny`},
		{"missing decision", "version = 1\n[[rule]]\nname = \"r\"\ncommand = \"rm\"\n", 2, "rule[0].decision", "missing"},
		{"missing name", "version = 1\n[[rule]]\ncommand = \"rm\"\ndecision = \"deny\"\n", 2, "rule[0].name", "missing"},
		{"missing reason", "version = 1\n[[rule]]\nname = \"r\"\ncommand = \"rm\"\ndecision = \"deny\"\n", 2, "rule[0].reason", "missing"},
		{"duplicate name", "version = 1\n" + rule + rule, 8, "rule[1].name", "earlier rule"},
		{"bad glob", "version = 1\n[[rule]]\nname = \"r\"\ndecision = \"deny\"\nreason = \"x\"\nwrites = \"secrets/[a\"\n", 6, "rule[0].writes", "bad glob"},
		{"bad secrets glob", "version = 1\n[guard]\nsecrets = [\"ok\", \"[\"]\n", 3, "guard.secrets[1]", "bad glob"},
		{"scratch with slash", "version = 1\n[guard]\nscratch = [\"a/b\"]\n", 3, "guard.scratch[0]", "not a directory name"},
		{"scratch .git", "version = 1\n[guard]\nscratch = [\".git\"]\n", 3, "guard.scratch[0]", "not a directory name"},
		{"upload host URL", "version = 1\n[guard]\nupload_hosts = [\"https://artifacts.example.com\"]\n", 3, "guard.upload_hosts[0]", "a URL"},
		{"upload host wildcard", "version = 1\n[guard]\nupload_hosts = [\"ok.example.com\", \"*.example.com\"]\n", 3, "guard.upload_hosts[1]", "wildcards"},
		{"upload host user", "version = 1\n[guard]\nupload_hosts = [\"me@example.com\"]\n", 3, "guard.upload_hosts[0]", "no user, port or path"},
		{"upload host port", "version = 1\n[guard]\nupload_hosts = [\"example.com:443\"]\n", 3, "guard.upload_hosts[0]", "no user, port or path"},
		{"upload host IDN", "version = 1\n[guard]\nupload_hosts = [\"bücher.example\"]\n", 3, "guard.upload_hosts[0]", "xn-- form"},
		{"upload host IP", "version = 1\n[guard]\nupload_hosts = [\"10.0.0.1\"]\n", 3, "guard.upload_hosts[0]", "an IP address"},
		{"upload host bare word", "version = 1\n[guard]\nupload_hosts = [\"localhost\"]\n", 3, "guard.upload_hosts[0]", "at least one dot"},
		{"upload host empty label", "version = 1\n[guard]\nupload_hosts = [\"a..example.com\"]\n", 3, "guard.upload_hosts[0]", "a label is empty"},
		{"upload host empty", "version = 1\n[guard]\nupload_hosts = [\"\"]\n", 3, "guard.upload_hosts[0]", "empty"},
		{"upload host not a list", "version = 1\n[guard]\nupload_hosts = \"a.example.com\"\n", 3, "guard.upload_hosts", ""},
		{"locked outside managed", "version = 1\n[guard]\nlocked = true\n", 3, "guard.locked", "only the managed file"},
		{"bad mode", "version = 1\n" + rule + "mode = \"dry\"\n", 7, "rule[0].mode", "not observe"},
		{"bad event", "version = 1\n" + rule + "event = \"BeforeTool\"\n", 7, "rule[0].event", "not a unified event"},
		{"bad tool", "version = 1\n" + rule + "tool = \"shell|bash\"\n", 7, "rule[0].tool", `"bash" is not a tool kind`},
		{"command rule on a read tool", "version = 1\n" + rule + "tool = \"read\"\n", 7, "rule[0].tool", "only match a shell"},
		{"bad host", "version = 1\n" + rule + "hosts = [\"claud\"]\n", 7, "rule[0].hosts", `"claud" is not a host`},
		{"bad mcp", "version = 1\n[[rule]]\nname = \"r\"\ndecision = \"deny\"\nreason = \"x\"\nmcp = \"github\"\n", 6, "rule[0].mcp", "server/tool"},
		{"no condition", "version = 1\n[[rule]]\nname = \"r\"\ndecision = \"deny\"\nreason = \"x\"\n", 3, "rule[0].name", "no condition"},
		{"flags without command", "version = 1\n[[rule]]\nname = \"r\"\ndecision = \"deny\"\nreason = \"x\"\nwrites = \"a\"\nflags = [\"-f\"]\n", 7, "rule[0].flags", "need a command"},
		{"bad flag", "version = 1\n" + rule + "flags = [\"force\"]\n", 7, "rule[0].flags", "not an option"},
		{"command with operator", "version = 1\n[[rule]]\nname = \"r\"\ndecision = \"deny\"\nreason = \"x\"\ncommand = \"npm publish; rm\"\n", 6, "rule[0].command", "no quotes, operators"},
		{"command with option", "version = 1\n[[rule]]\nname = \"r\"\ndecision = \"deny\"\nreason = \"x\"\ncommand = \"git push --force\"\n", 6, "rule[0].command", "options go in flags"},
		{"command path", "version = 1\n[[rule]]\nname = \"r\"\ndecision = \"deny\"\nreason = \"x\"\ncommand = \"/usr/bin/npm\"\n", 6, "rule[0].command", "not its path"},
		{"syntax", "version = 1\n[[rule]\n", 2, "", ""},
		{"duplicate key", "version = 1\nversion = 1\n", 2, "version", "already defined"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse("/etc/agenthooks/policy.toml", User, []byte(tc.src))
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse = %v, %v; want an *Error", f, err)
			}
			if pe.File != "/etc/agenthooks/policy.toml" || pe.Line != tc.line || pe.Key != tc.key || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("Parse error = %+v; want line %d, key %q, message with %q", pe, tc.line, tc.key, tc.msg)
			}
			if !strings.HasPrefix(err.Error(), "/etc/agenthooks/policy.toml:") {
				t.Errorf("Error() = %q; want it to start with the file and line", err)
			}
		})
	}
}

// TestParseAll reads every key of the vocabulary.
func TestParseAll(t *testing.T) {
	src := `version = 1

[guard]
scratch = ["out", ".cache"]
secrets = ["*.pem", "~/.npmrc"]
locked = true

[[rule]]
name = "no-npm-publish"
command = "npm publish"
flags = ["--force", "-f"]
event = "PreToolUse"
tool = "shell"
hosts = ["claude", "codex"]
decision = "deny"
reason = "publishing is done by CI"
mode = "observe"

[[rule]]
name = "files"
reads = "~/.ssh/**"
writes = "secrets/**"
deletes = "migrations/*.sql"
decision = "ask"
reason = "ask first"

[[rule]]
name = "mcp"
mcp = "github/*"
tool = "mcp"
decision = "context"
reason = "be careful"
`
	f, err := Parse("p.toml", Managed, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !f.Guard.Locked || len(f.Guard.Scratch) != 2 || f.Guard.Secrets[1] != "~/.npmrc" || len(f.Rules) != 3 {
		t.Fatalf("Parse = %+v", f)
	}
	r := f.Rules[0]
	if r.Name != "no-npm-publish" || r.Command != "npm publish" || len(r.Flags) != 2 || r.Event != "PreToolUse" ||
		r.Tool != "shell" || len(r.Hosts) != 2 || r.Decision != "deny" || r.Reason == "" || !r.Observe() || r.Line != 8 || r.File != "p.toml" {
		t.Errorf("rule 0 = %+v", r)
	}
	r = f.Rules[1]
	if r.Reads != "~/.ssh/**" || r.Writes != "secrets/**" || r.Deletes != "migrations/*.sql" || r.Decision != "ask" || r.Observe() || r.Line != 19 {
		t.Errorf("rule 1 = %+v", r)
	}
	if f.Rules[2].MCP != "github/*" || f.Rules[2].Line != 27 {
		t.Errorf("rule 2 = %+v", f.Rules[2])
	}
}

// TestReadFileNotRegular: a FIFO or a directory in a policy file's
// place is an error at once, not a hang.
func TestReadFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadFile(dir, Project); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	fifo := dir + "/policy.toml"
	if err := mkfifo(fifo); err != nil {
		t.Skip("no FIFO here:", err)
	}
	if _, err := LoadFiles([3]string{"", "", fifo}); err == nil || !strings.Contains(err.Error(), fifo+": not a regular file") {
		t.Errorf("FIFO: %v", err)
	}
}

// TestParseDeep: nesting past the parser's bound is an error naming the
// line, not a stack overflow (which no recover catches).
func TestParseDeep(t *testing.T) {
	for _, src := range []string{
		"version = 1\n[guard]\nscratch = " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n",
		"version = 1\nx = " + strings.Repeat("{a=", 20000) + "1" + strings.Repeat("}", 20000) + "\n",
	} {
		_, err := Parse("deep.toml", User, []byte(src))
		var pe *Error
		if !errors.As(err, &pe) || pe.Line != 2 && pe.Line != 3 {
			t.Errorf("Parse of a deep file = %v; want an error naming its line", err)
		}
	}
}
