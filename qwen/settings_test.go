package qwen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hostfacts"
)

// The user's settings turn folder trust on even when they end in a line
// comment without a newline; settings that do not parse are reported.
func TestCheckSettings(t *testing.T) {
	dir := t.TempDir()
	user := filepath.Join(dir, "settings.json")
	c := hostfacts.SettingsCheck{Dir: dir, UserFile: user, Entries: []hostfacts.HookEntry{{File: filepath.Join(dir, ".qwen", "settings.json"), Project: true}}}
	for _, tc := range []struct{ text, want string }{
		{`{"security": {"folderTrust": {"enabled": true}}} // on`, "(" + user + " turns folder trust on)"},
		{`{"security": {"folderTrust": {"enabled": true}}`, "cannot read " + user + ": "},
	} {
		if err := os.WriteFile(user, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		ds := New().CheckSettings(c)
		found := false
		for _, d := range ds {
			found = found || d.Verdict == hostfacts.VerdictWarn && strings.Contains(d.Msg, tc.want)
		}
		if !found {
			t.Errorf("%s: no warning with %q in %+v", tc.text, tc.want, ds)
		}
	}
}
