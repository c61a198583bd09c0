package install

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/gemini"
	"github.com/agenthooks/hooks/hostfacts"
)

// fakePrograms writes, in dir, an executable named after the first program
// of every built-in host.
func fakePrograms(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, a := range builtin.Adapters() {
		if f, ok := a.(hostfacts.HookFiler); ok && len(f.HookFile().Programs) > 0 {
			name := f.HookFile().Programs[0]
			if runtime.GOOS == "windows" {
				name += ".exe"
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestDetect: a host is on the machine by its configuration directory
// (standard, from its variable, or --config-root) or its program on PATH.
func TestDetect(t *testing.T) {
	home, bin := t.TempDir(), t.TempDir()
	os.Mkdir(filepath.Join(home, ".claude"), 0o755)
	os.Mkdir(filepath.Join(home, ".copilot"), 0o755)
	os.Mkdir(filepath.Join(home, ".kimi-code"), 0o755)
	codexHome, cursorRoot := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(bin, "droid"), []byte("#!/bin/sh\n"), 0o755)
	os.WriteFile(filepath.Join(bin, "qwen"), []byte("not executable"), 0o644)
	// OpenCode's directory is under $XDG_CONFIG_HOME; Kilo Code CLI's,
	// absent, too.
	xdg := t.TempDir()
	os.Mkdir(filepath.Join(xdg, "opencode"), 0o755)
	os.MkdirAll(filepath.Join(home, ".config", "kilo"), 0o755) // not where XDG_CONFIG_HOME points
	env := map[string]string{"PATH": bin, "CODEX_HOME": codexHome, "XDG_CONFIG_HOME": xdg}
	ps, err := Detect(Options{Home: home, Getenv: func(k string) string { return env[k] },
		ConfigRoots: map[hooks.Host]string{"cursor": cursorRoot}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[hooks.Host]Presence{}
	for _, p := range ps {
		got[p.Host] = p
	}
	want := map[hooks.Host]string{"claude": filepath.Join(home, ".claude"), "copilot": filepath.Join(home, ".copilot"),
		"codex": codexHome, "cursor": cursorRoot, "droid": filepath.Join(bin, "droid"), "kimi": filepath.Join(home, ".kimi-code"),
		"opencode": filepath.Join(xdg, "opencode")}
	if len(got) != 12 {
		t.Errorf("%d hosts, want 12", len(got))
	}
	if w := got["kilo"].Why; !strings.Contains(w, "no "+filepath.Join(xdg, "kilo")) || !strings.Contains(w, "no kilo on PATH") {
		t.Errorf("kilo: %q", w)
	}
	for h, p := range got {
		if w, ok := want[h]; ok != p.Present || ok && p.Why != w {
			t.Errorf("%s: present %v (%s), want %v (%s)", h, p.Present, p.Why, ok, w)
		}
	}
	if w := got["qwen"].Why; !strings.Contains(w, "no "+filepath.Join(home, ".qwen")) || !strings.Contains(w, "no qwen on PATH") {
		t.Errorf("qwen: %q", w)
	}
}

// issue 28: install without --hosts writes only the hosts on this machine,
// naming the others and why; --hosts all writes every host; with none
// there, it says so and writes nothing.
func TestInstallDefaultHosts(t *testing.T) {
	base := t.TempDir()
	home, project := filepath.Join(base, "home"), filepath.Join(base, "project")
	os.MkdirAll(filepath.Join(home, ".gemini"), 0o755)
	os.MkdirAll(project, 0o755)
	t.Setenv("HOME", home)
	t.Setenv("PATH", t.TempDir())
	for _, k := range []string{"CODEX_HOME", "CLAUDE_CONFIG_DIR", "COPILOT_HOME", "QWEN_HOME", "XDG_CONFIG_HOME"} {
		t.Setenv(k, "")
	}
	code, stdout, stderr := runMain(t, "/home/dev/bin/guard", "install", "--dir", project)
	if code != 0 || !strings.Contains(stderr, "note: hosts on this machine: gemini ("+filepath.Join(home, ".gemini")+")") ||
		!strings.Contains(stderr, "claude (no "+filepath.Join(home, ".claude")+", no claude on PATH)") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	ents, _ := os.ReadDir(project)
	if len(ents) != 1 || ents[0].Name() != ".gemini" {
		t.Errorf("project holds %v, want .gemini alone", ents)
	}
	// --config-root: a host's non-standard directory counts, and its user
	// file is found there.
	root := filepath.Join(base, "claude-config")
	os.Mkdir(root, 0o755)
	code, stdout, stderr = runMain(t, "/home/dev/bin/guard", "install", "--dir", project, "--config-root", "claude="+root, "--scope", "user")
	if code != 0 || !strings.Contains(stdout, filepath.Join(root, "settings.json")) {
		t.Errorf("--config-root: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runMain(t, "/home/dev/bin/guard", "install", "--dir", project, "--hosts", "all", "--dry-run")
	hosts := map[string]bool{} // Cline CLI: one line per hook file; OpenCode, Kilo Code CLI and Pi: a module each
	for _, m := range regexp.MustCompile(`(?m)^([a-z]+) project `).FindAllStringSubmatch(stdout, -1) {
		hosts[m[1]] = true
	}
	if code != 0 || len(hosts) != 11 {
		t.Errorf("--hosts all: exit %d\n%s%s", code, stdout, stderr)
	}
	if err := os.RemoveAll(filepath.Join(home, ".gemini")); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	code, _, stderr = runMain(t, "/home/dev/bin/guard", "install", "--dir", empty)
	if code != 2 || !strings.Contains(stderr, "none of the hosts is on this machine") {
		t.Errorf("no host: exit %d\n%s", code, stderr)
	}
	if ents, _ := os.ReadDir(empty); len(ents) != 0 {
		t.Errorf("wrote %v", ents)
	}
}

// issue 28: what a host this machine does not have would need (Gemini CLI's
// folder trust, Codex's trust of each hook, found with the hook file's
// entries) is information, not a failure, when doctor was not asked
// about that host by name.
func TestDoctorAbsentHostIsInformation(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts(gemini.Host, "codex")
	o.Events = []hooks.EventName{hooks.PreToolUse}
	s.install(t, o)
	t.Setenv("PATH", t.TempDir())
	r, named := s.doctor(t, o)
	if r.Healthy() || !strings.Contains(named, "FAIL") {
		t.Fatalf("named, the missing trust is not a failure:\n%s", named)
	}
	o.Hosts = nil
	r, out := s.doctor(t, o)
	if !r.Healthy() || !strings.Contains(out, "(not on this machine)") || !strings.Contains(out, "this machine has no Gemini CLI") ||
		!strings.Contains(out, "(not on this machine) 1 hooks are not trusted") || !strings.Contains(out, "this machine has no Codex") {
		t.Errorf("unnamed and absent:\n%s", out)
	}
}
