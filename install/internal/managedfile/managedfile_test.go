package managedfile

import (
	"errors"
	"path/filepath"
	"testing"
)

// TestSwitch: the switch is added, kept, replaced and taken out with
// every other byte as it was; a file that is not one object is refused.
func TestSwitch(t *testing.T) {
	const key = "allowManagedHooksOnly"
	for _, tc := range []struct{ src, set, removed string }{
		{"{}", "{\n  \"allowManagedHooksOnly\": true\n}", "{\n}"},
		{"{\n  \"model\": \"opus\"\n}\n", "{\n  \"model\": \"opus\",\n  \"allowManagedHooksOnly\": true\n}\n", "{\n  \"model\": \"opus\"\n}\n"},
		{"{\"allowManagedHooksOnly\": false, \"a\": 1}", "{\"allowManagedHooksOnly\": true, \"a\": 1}", "{\"a\": 1}"},
		{"{\"allowManagedHooksOnly\": true}", "{\"allowManagedHooksOnly\": true}", "{}"},
	} {
		got, err := SetTrue([]byte(tc.src), key)
		if err != nil || string(got) != tc.set {
			t.Errorf("SetTrue(%q) = %q, %v; want %q", tc.src, got, err, tc.set)
			continue
		}
		if !IsTrue(got, key) {
			t.Errorf("IsTrue(%q) = false", got)
		}
		back, removed, err := RemoveTrue(got, key)
		if err != nil || !removed || string(back) != tc.removed {
			t.Errorf("RemoveTrue(%q) = %q, %v, %v; want %q", got, back, removed, err, tc.removed)
		}
	}
	// false, or twice: not ours to remove.
	for _, src := range []string{`{"allowManagedHooksOnly": false}`, `{"allowManagedHooksOnly": true, "allowManagedHooksOnly": true}`} {
		if got, removed, err := RemoveTrue([]byte(src), key); removed || err != nil || string(got) != src {
			t.Errorf("RemoveTrue(%q) = %q, %v, %v; want it untouched", src, got, removed, err)
		}
	}
	for _, src := range []string{"[]", "{", `{"allowManagedHooksOnly": 1, "allowManagedHooksOnly": 2}`} {
		if _, err := SetTrue([]byte(src), key); !errors.Is(err, ErrNotObject) {
			t.Errorf("SetTrue(%q): err = %v, want ErrNotObject", src, err)
		}
	}
}

// TestUnder: a path of any system goes below the stand-in root.
func TestUnder(t *testing.T) {
	root := filepath.FromSlash("/tmp/root")
	for p, want := range map[string]string{
		"/etc/claude-code/managed-settings.json":               "/tmp/root/etc/claude-code/managed-settings.json",
		`C:\Program Files\ClaudeCode\managed-settings.json`:    "/tmp/root/Program Files/ClaudeCode/managed-settings.json",
		"/Library/Application Support/GeminiCli/settings.json": "/tmp/root/Library/Application Support/GeminiCli/settings.json",
	} {
		if got := Under(root, p); got != filepath.FromSlash(want) {
			t.Errorf("Under(%q) = %q, want %q", p, got, want)
		}
	}
	if got := Under("", "/etc/x"); got != "/etc/x" {
		t.Errorf("no root: %q", got)
	}
}
