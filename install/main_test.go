package install

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
)

func runMain(t *testing.T, self string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(args, &stdout, &stderr, self)
	return code, stdout.String(), stderr.String()
}

// singleDash matches a flag written "-name".
var singleDash = regexp.MustCompile(`(^|[\s:])-[a-z]`)

func TestMainUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage:"},
		{[]string{"help"}, 0, "usage:"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"install", "--timeout", "soon"}, 2, "not a duration"},
		{[]string{"install", "--timeout", "-3"}, 2, "out of range"},
		{[]string{"install", "--cursor-layer", "both"}, 2, `unknown layout "both" (cursor: specific or tool-use)`},
		{[]string{"install", "--layout", "both", "--hosts", "claude"}, 2, `unknown layout "both" (cursor: specific or tool-use)`},
		{[]string{"install", "--layout", "both", "--hosts", "cursor"}, 2, `unknown layout "both" (cursor: specific or tool-use)`},
		{[]string{"install", "extra"}, 2, "unexpected argument"},
		{[]string{"install", "--hosts", "vscode", "--dry-run"}, 2, `unknown host "vscode"`},
		{[]string{"install", "--events", "BeforeTool", "--dry-run"}, 2, `unknown event "BeforeTool"`},
		{[]string{"install", "--scope", "global", "--dry-run"}, 2, `unknown scope "global"`},
		{[]string{"install", "--matcher", "Shell", "--dry-run"}, 2, "cursor: --matcher needs --layout tool-use"},
		{[]string{"doctor", "--fail-closed"}, 2, "flag provided but not defined: --fail-closed"},
		// Bad usage is 2 everywhere, with or without --dry-run.
		{[]string{"install", "--hosts", "nosuch"}, 2, `unknown host "nosuch"`},
		{[]string{"uninstall", "--hosts", "nosuch"}, 2, `unknown host "nosuch"`},
		{[]string{"doctor", "--hosts", "nosuch"}, 2, `unknown host "nosuch"`},
		{[]string{"install", "--hosts", "cursor", "--scope", "local"}, 2, "cursor has no local scope"},
		{[]string{"install", "--gateway", "http://example.com/hook"}, 2, "plain http"},
		{[]string{"install", "--nosuch"}, 2, "flag provided but not defined: --nosuch"},
		{[]string{"install", "-nosuch"}, 2, "flag provided but not defined: --nosuch"},
		{[]string{"install", "--timeout"}, 2, "--timeout needs a value"},
		// issue 28: a flag without its value is named, never given the
		// next flag as its value; a misspelled flag or command gets a hint.
		{[]string{"install", "--dir"}, 2, "--dir needs a value"},
		{[]string{"install", "--hosts="}, 2, "--hosts is empty"},
		{[]string{"install", "--hosts"}, 2, "--hosts needs a value"},
		{[]string{"install", "--scope"}, 2, "--scope needs a value"},
		{[]string{"install", "--events"}, 2, "--events needs a value"},
		{[]string{"install", "--matcher"}, 2, "--matcher needs a value"},
		{[]string{"install", "--layout"}, 2, "--layout needs a value"},
		{[]string{"install", "--gateway"}, 2, "--gateway needs a value"},
		{[]string{"install", "--gateway-token-env"}, 2, "--gateway-token-env needs a value"},
		{[]string{"uninstall", "--hosts"}, 2, "--hosts needs a value"},
		{[]string{"uninstall", "--dir"}, 2, "--dir needs a value"},
		{[]string{"doctor", "--scope"}, 2, "--scope needs a value"},
		{[]string{"doctor", "--dir"}, 2, "--dir needs a value"},
		{[]string{"install", "--hosts", "--dry-run"}, 2, "--hosts needs a value"},
		{[]string{"install", "--dir", "--events=PreToolUse"}, 2, "--dir needs a value"},
		{[]string{"install", "--host", "claude"}, 2, "flag provided but not defined: --host; did you mean --hosts?"},
		{[]string{"doctor", "--scop", "user"}, 2, "did you mean --scope?"},
		{[]string{"instal"}, 2, `unknown command "instal"; did you mean install?`},
		{[]string{"install", "--dry-run=maybe"}, 2, `invalid boolean value "maybe" for --dry-run`},
		{[]string{"install", "--timeout", "x"}, 2, `invalid value "x" for --timeout`},
		{[]string{"install", "--help"}, 0, "--hosts LIST"},
	} {
		code, stdout, stderr := runMain(t, "/home/dev/bin/guard", append(tc.args, "--dir", t.TempDir())...)
		if len(tc.args) < 2 || strings.HasPrefix(tc.args[len(tc.args)-1], "--") {
			code, stdout, stderr = runMain(t, "/home/dev/bin/guard", tc.args...)
		}
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("%q: exit %d, output %s%s; want exit %d and %q", tc.args, code, stdout, stderr, tc.code, tc.want)
		}
		// Flag errors and usage speak of --flag, as the usage text does.
		if singleDash.MatchString(stderr) {
			t.Errorf("%q: single-dash flag in\n%s", tc.args, stderr)
		}
	}
	// A failure (here a file that does not parse) is 1.
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".codex"), 0o755)
	os.WriteFile(filepath.Join(dir, ".codex", "hooks.json"), []byte("{"), 0o644)
	if code, _, stderr := runMain(t, "/home/dev/bin/guard", "install", "--dir", dir); code != 1 || !strings.Contains(stderr, "nothing was written") {
		t.Errorf("broken file: exit %d\n%s", code, stderr)
	}
}

func TestParseFlags(t *testing.T) {
	o, err := parseFlags("install", []string{"--hosts", "claude, codex", "--events=PreToolUse,Stop", "-timeout", "12",
		"--fail-closed", "--scope", "user", "--matcher", "Bash", "--cursor-layer", "tool-use", "--dir", "/home/dev/project", "--dry-run"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Hosts) != 2 || o.Hosts[1] != "codex" || len(o.Events) != 2 || o.Timeout != 12*time.Second || !o.FailClosed ||
		o.Scope != User || o.Matcher != "Bash" || o.Layout != "tool-use" || o.Dir != "/home/dev/project" || !o.DryRun {
		t.Errorf("parsed %+v", o)
	}
	o, _ = parseFlags("install", []string{"--timeout", "1m30s"}, &bytes.Buffer{})
	if o.Timeout != 90*time.Second || o.Scope != Project {
		t.Errorf("parsed %+v", o)
	}
	if o, _ := parseFlags("doctor", nil, &bytes.Buffer{}); o.Scope != "" {
		t.Errorf("doctor scope %q, want every scope", o.Scope)
	}
}

func TestMainRefusesTemporaryBinary(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runMain(t, "/home/dev/.cache/go-build123/b001/exe/guard", "install", "--dir", dir)
	if code != 1 || !strings.Contains(stderr, "temporary build") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Error("wrote files")
	}
}

// Uninstall with --events removes only those events' entries.
func TestUninstallSomeEvents(t *testing.T) {
	dir := t.TempDir()
	o := Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{"claude", "cursor"}, Dir: dir, Home: dir,
		Events: []hooks.EventName{hooks.PreToolUse, hooks.Stop}}
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	o.Events = []hooks.EventName{hooks.PreToolUse}
	cs, err := Uninstall(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || strings.Join(cs[0].Removed, ",") != "PreToolUse,PreSkillShellCommand" ||
		strings.Join(cs[1].Removed, ",") != "beforeShellExecution,beforeMCPExecution,beforeReadFile,preToolUse" {
		t.Fatalf("removed %v and %v", cs[0].Removed, cs[1].Removed)
	}
	o.Events = nil
	cs, _ = Uninstall(o)
	// Install created both files: they go, with their directories.
	if strings.Join(cs[0].Removed, ",") != "Stop" || !cs[0].Deleted || !cs[1].Deleted {
		t.Errorf("second uninstall: %v\n%+v", cs[0].Removed, cs)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left %v", ents)
	}
}

func TestUninstallDryRunAndMissingFile(t *testing.T) {
	dir := t.TempDir()
	self := "/home/dev/bin/guard"
	if code, stdout, _ := runMain(t, self, "uninstall", "--dir", dir); code != 0 || stdout != "" {
		t.Errorf("uninstall with no files: exit %d, %q", code, stdout)
	}
	runMain(t, self, "install", "--hosts", "gemini", "--dir", dir, "--events", "Stop")
	p := filepath.Join(dir, ".gemini", "settings.json")
	before, _ := os.ReadFile(p)
	code, stdout, _ := runMain(t, self, "uninstall", "--hosts", "gemini", "--dir", dir, "--dry-run")
	after, _ := os.ReadFile(p)
	if code != 0 || !strings.Contains(stdout, "-        \"hooks\": [") || !strings.Contains(stdout, "removed AfterAgent") || string(before) != string(after) {
		t.Errorf("dry-run uninstall: exit %d\n%s", code, stdout)
	}
}

// Install writes nothing when one of the files cannot be edited.
func TestInstallAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".codex"), 0o755)
	os.WriteFile(filepath.Join(dir, ".codex", "hooks.json"), []byte(`{"hooks": {"Stop": {}}}`), 0o644)
	_, err := Install(Options{Binary: "/home/dev/bin/guard", Dir: dir, Home: dir})
	if err == nil || !strings.Contains(err.Error(), `"hooks"."Stop" is not an array`) {
		t.Fatalf("err = %v", err)
	}
	for _, d := range []string{".claude", ".cursor", ".gemini"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err == nil {
			t.Errorf("%s was written", d)
		}
	}
}

func TestUserPaths(t *testing.T) {
	e := env{dir: "/home/dev/project", home: "/home/dev", getenv: func(k string) string {
		return map[string]string{"CODEX_HOME": "/srv/codex", "CLAUDE_CONFIG_DIR": "/srv/claude", "QWEN_HOME": "/srv/qwen",
			"COPILOT_HOME": "/srv/copilot"}[k]
	}, binary: "/home/dev/bin/guard"}
	want := map[hooks.Host]string{"claude": "/srv/claude/settings.json", "codex": "/srv/codex/hooks.json",
		"cursor": "/home/dev/.cursor/hooks.json", "gemini": "/home/dev/.gemini/settings.json",
		"qwen": "/srv/qwen/settings.json", "copilot": "/srv/copilot/hooks/guard.json", "droid": "/home/dev/.factory/hooks.json"}
	for name, p := range want {
		h, _ := lookupHost(builtin.Adapters(), name)
		if got := h.path(User, e); got != filepath.FromSlash(p) {
			t.Errorf("%s user path %s, want %s", name, got, p)
		}
		if h.path(Local, e) != "" && name != "claude" {
			t.Errorf("%s has a local scope", name)
		}
	}
}

func TestDuplicateHosts(t *testing.T) {
	cs, err := Install(Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{"codex", "codex"}, Dir: t.TempDir(), DryRun: true})
	if err != nil || len(cs) != 1 {
		t.Errorf("%d changes, %v", len(cs), err)
	}
}

// A Gemini CLI settings file that ends in a line comment without a
// newline (which Gemini CLI reads) is edited; the comment stays last, and
// uninstall gives the file back as it was.
func TestFinalLineComment(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".gemini", "settings.json")
	const user = `{"general": {"vimMode": true}} // mine`
	write(t, dir, map[string][]byte{".gemini/settings.json": []byte(user)})
	o := Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{"gemini"}, Dir: dir, Home: dir, Events: []hooks.EventName{hooks.Stop}}
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	if !strings.HasPrefix(string(b), `{"general": {"vimMode": true}, "hooks": {"AfterAgent": [`) || !strings.HasSuffix(string(b), `]}} // mine`) {
		t.Errorf("after install:\n%s", b)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != user {
		t.Errorf("after uninstall:\n%s", b)
	}
}

func TestEmptyFile(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte("\n"), 0o644)
	code, _, stderr := runMain(t, "/home/dev/bin/guard", "install", "--hosts", "claude", "--dir", dir)
	if code != 1 || !strings.Contains(stderr, "the file is empty") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}
