package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// managedSetup returns options of the managed scope whose system root,
// home and state folder are under a temporary folder, and that root.
func managedSetup(t *testing.T, hs ...hooks.Host) (Options, string) {
	t.Helper()
	base := t.TempDir()
	root := filepath.Join(base, "root")
	env := map[string]string{"XDG_STATE_HOME": filepath.Join(base, "state")}
	o := Options{Binary: "/usr/local/bin/guard", Hosts: hs, Scope: Managed, SystemRoot: root,
		Home: filepath.Join(base, "home"), Dir: filepath.Join(base, "project"), Getenv: func(k string) string { return env[k] }}
	return o, root
}

// TestManagedInstallClaude: the managed scope writes Claude Code's
// managed-settings.json under the system root, with our entries as in
// the user's file; --managed-hooks-only adds "allowManagedHooksOnly":
// true; uninstall with the same flag gives back the administrator's file
// byte for byte, keeping what else it holds.
func TestManagedInstallClaude(t *testing.T) {
	o, root := managedSetup(t, "claude")
	p := filepath.Join(root, "etc", "claude-code", "managed-settings.json")
	orig := "{\n  \"permissions\": {\n    \"deny\": [\"Bash(curl:*)\"]\n  },\n  \"model\": \"opus\"\n}\n"
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	o.ManagedOnly = true
	changes, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 1 || changes[0].Path != p || changes[0].Scope != Managed {
		t.Fatalf("changes = %+v, want one of %s", changes, p)
	}
	got, _ := os.ReadFile(p)
	d, err := jsonc.Parse(got)
	if err != nil {
		t.Fatalf("the managed file does not parse: %v\n%s", err, got)
	}
	if v := d.Root.Get("allowManagedHooksOnly"); v == nil || v.Kind != jsonc.True {
		t.Errorf("no \"allowManagedHooksOnly\": true:\n%s", got)
	}
	pre := d.Root.Get("hooks").Get("PreToolUse")
	if pre == nil || !strings.Contains(string(got[pre.Start:pre.End]), "/usr/local/bin/guard --host claude") {
		t.Errorf("no PreToolUse entry of ours:\n%s", got)
	}
	if !strings.Contains(string(got), `"deny": ["Bash(curl:*)"]`) || !strings.Contains(string(got), `"model": "opus"`) {
		t.Errorf("the administrator's settings changed:\n%s", got)
	}
	// Again: nothing changes.
	again, err := Install(o)
	if err != nil || again[0].Changed() {
		t.Errorf("a second install changed the file (%v)", err)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if back, _ := os.ReadFile(p); string(back) != orig {
		t.Errorf("uninstall left\n%s\nwant the administrator's file\n%s", back, orig)
	}
}

// TestManagedSwitchKept: a switch the administrator had set before
// install stays after uninstall --managed-hooks-only; without the flag
// install leaves it alone and notes that other hooks still run.
func TestManagedSwitchKept(t *testing.T) {
	o, root := managedSetup(t, "claude")
	p := filepath.Join(root, "etc", "claude-code", "managed-settings.json")
	orig := "{\"allowManagedHooksOnly\": true}\n"
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte(orig), 0o644)
	o.ManagedOnly = true
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if back, _ := os.ReadFile(p); string(back) != orig {
		t.Errorf("uninstall left %q, want %q", back, orig)
	}
	o.ManagedOnly = false
	os.WriteFile(p, []byte("{}\n"), 0o644)
	changes, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if strings.Contains(string(got), "allowManagedHooksOnly") {
		t.Errorf("install without --managed-hooks-only wrote the switch:\n%s", got)
	}
	if !strings.Contains(strings.Join(changes[0].Notes, "\n"), "still run beside these") {
		t.Errorf("no note that other hooks still run: %q", changes[0].Notes)
	}
}

// TestManagedCreatedRemoved: a managed file install created, with the
// switch, is removed again by uninstall.
func TestManagedCreatedRemoved(t *testing.T) {
	o, root := managedSetup(t, "claude")
	o.ManagedOnly = true
	p := filepath.Join(root, "etc", "claude-code", "managed-settings.json")
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	changes, err := Uninstall(o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) || len(changes) != 1 || !changes[0].Deleted {
		t.Errorf("the created file is still there (%v, %+v)", err, changes)
	}
}

// TestManagedGeminiEnv: Gemini CLI's system file is where
// GEMINI_CLI_SYSTEM_SETTINGS_PATH says, when set; its note says the
// folder must be trusted.
func TestManagedGeminiEnv(t *testing.T) {
	o, root := managedSetup(t, "gemini")
	changes, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "etc", "gemini-cli", "settings.json"); changes[0].Path != want {
		t.Errorf("path %s, want %s", changes[0].Path, want)
	}
	if !strings.Contains(strings.Join(changes[0].Notes, "\n"), "folder-trust rule") {
		t.Errorf("no note on Gemini's trust: %q", changes[0].Notes)
	}
	moved := filepath.Join(t.TempDir(), "gemini-system.json")
	get := o.Getenv
	o.Getenv = func(k string) string {
		if k == "GEMINI_CLI_SYSTEM_SETTINGS_PATH" {
			return moved
		}
		return get(k)
	}
	o.SystemRoot = ""
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(moved); err != nil || !strings.Contains(string(data), "BeforeTool") {
		t.Errorf("not written where GEMINI_CLI_SYSTEM_SETTINGS_PATH says: %v\n%s", err, data)
	}
}

// TestManagedRefused: a host with no managed file is refused by name and
// nothing is written, not even for the hosts that have one; the managed
// scope refuses a binary named by PATH or inside the project, and
// --managed-hooks-only without it.
func TestManagedRefused(t *testing.T) {
	o, root := managedSetup(t, "claude", "kimi")
	_, err := Install(o)
	if err == nil || !strings.Contains(err.Error(), "kimi has no managed scope") || exitCode(err) != 2 {
		t.Errorf("err = %v, want kimi refused with a usage error", err)
	}
	if _, err := os.Stat(root); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("something was written under the system root: %v", err)
	}
	o.Hosts = nil // --hosts all
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "has no managed scope") {
		t.Errorf("--hosts all: err = %v, want the hosts without one refused", err)
	}
	o.Hosts = []hooks.Host{"claude"}
	o.PathBinary = "guard"
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "absolute path") {
		t.Errorf("--binary-on-path: err = %v", err)
	}
	o.PathBinary, o.Scope, o.ManagedOnly = "", User, true
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "goes with --scope managed") {
		t.Errorf("--managed-hooks-only with the user scope: err = %v", err)
	}
}

// TestManagedMainRefusesHost: install --scope managed --hosts kimi exits
// 2 naming the host, and writes nothing.
func TestManagedMainRefusesHost(t *testing.T) {
	base := t.TempDir()
	t.Setenv("HOME", filepath.Join(base, "home"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(base, "state"))
	code, stdout, stderr := runMain(t, "/usr/local/bin/guard", "install", "--scope", "managed", "--hosts", "kimi")
	if code != 2 || !strings.Contains(stderr, "kimi has no managed scope") || !strings.Contains(stderr, "nothing was written") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(base, "home")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("something was written in the home folder: %v", err)
	}
}

// TestManagedReplaceableBinary: a binary in a folder everyone may write
// gets a note.
func TestManagedReplaceableBinary(t *testing.T) {
	if os.PathSeparator != '/' {
		t.Skip("permission bits")
	}
	o, _ := managedSetup(t, "claude")
	dir := filepath.Join(t.TempDir(), "open")
	os.Mkdir(dir, 0o777)
	os.Chmod(dir, 0o777)
	o.Binary = filepath.Join(dir, "guard")
	os.WriteFile(o.Binary, []byte("#!/bin/sh\n"), 0o755)
	changes, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(changes[0].Notes, "\n"), "writable by everyone") {
		t.Errorf("no note on the replaceable binary: %q", changes[0].Notes)
	}
}

// TestManagedDoctor: doctor says, per host, whether it honours a managed
// scope, and whether the file is there and ours; the entries of the
// managed file are checked with the other scopes'.
func TestManagedDoctor(t *testing.T) {
	o, _ := managedSetup(t, "claude", "gemini")
	o.ManagedOnly = true
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	o.Hosts, o.ManagedOnly = []hooks.Host{"codex"}, false
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	o.ManagedOnly = false
	for _, scope := range []Scope{"", Managed} {
		o.Scope = scope
		o.Hosts = []hooks.Host{"claude", "gemini", "codex", "kimi"}
		r, err := Doctor(t.Context(), o)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		r.Write(&b)
		out := b.String()
		for _, want := range []string{
			"honours a managed scope: the file is present, with entries of ours; \"allowManagedHooksOnly\" is set: only managed hooks run",
			"kimi has no managed scope",
			"claude managed ",
			"Codex runs these hooks without trust",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("scope %q: no %q in\n%s", scope, want, out)
			}
		}
		if strings.Contains(out, "hooks are not trusted") {
			t.Errorf("scope %q: Codex's managed hooks reported as needing trust:\n%s", scope, out)
		}
		if !strings.Contains(out, "entries: PreToolUse") && !strings.Contains(out, "entries: SessionStart") {
			t.Errorf("scope %q: the managed file's entries are not checked:\n%s", scope, out)
		}
	}
}
