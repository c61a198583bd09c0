package footing_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks/footing"
	"github.com/agenthooks/hooks/policy"
)

// TestPolicyFiles: the three policy files package policy reads are in
// the footing, where policy says they are.
func TestPolicyFiles(t *testing.T) {
	f := newFixture(t)
	sub := filepath.Join(f.proj, "src")
	os.MkdirAll(sub, 0o755)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", f.home)
	s := f.set(sub)
	for _, p := range policy.Paths(sub) {
		if p == "" {
			t.Fatal("policy.Paths has an empty layer")
		}
		if e, ok := s.Touches(p, false); !ok || e.Kind != footing.Policy {
			t.Errorf("%s: not a policy file of the footing (%v %v)", p, e, ok)
		}
	}
}

// TestManagedFiles: every managed settings file a host states, on every
// system, where its variable points, and the drop-ins read with it, are
// hook files of the footing: the managed scope's install writes them, and
// one drop-in with "disableAllHooks" would turn every hook off.
func TestManagedFiles(t *testing.T) {
	f := newFixture(t)
	f.env = append(f.env, "GEMINI_CLI_SYSTEM_SETTINGS_PATH=/opt/gemini/system.json")
	s := f.set(f.proj)
	for _, want := range []string{
		"/etc/claude-code/managed-settings.json",
		"/etc/claude-code/managed-settings.d/off.json",
		"/Library/Application Support/ClaudeCode/managed-settings.json",
		"/etc/gemini-cli/settings.json",
		"/opt/gemini/system.json",
		"/etc/codex/hooks.json",
	} {
		if e, ok := s.Touches(want, false); !ok || e.Kind != footing.HookFile {
			t.Errorf("%s: not a hook file of the footing (%v %v)", want, e, ok)
		}
	}
	// The folders above them: moving one away moves the file.
	for _, dir := range []string{"/etc/claude-code", "/etc/codex"} {
		if _, ok := s.Touches(dir, true); !ok {
			t.Errorf("%s: removing it leaves the footing alone", dir)
		}
	}
}
