package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hostfacts"
)

// A settings file that does not parse is reported as unread, and the
// other files are still checked.
func TestCheckSettingsUnreadable(t *testing.T) {
	dir := t.TempDir()
	local := filepath.Join(dir, "project", ".claude", "settings.local.json")
	user := filepath.Join(dir, "home", ".claude", "settings.json")
	for p, text := range map[string]string{local: `{"disableAllHooks": true,`, user: `{"disableAllHooks": true}`} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ds := New().CheckSettings(hostfacts.SettingsCheck{Dir: filepath.Join(dir, "project"), Home: filepath.Join(dir, "home"), UserFile: user})
	var unread, off bool
	for _, d := range ds {
		unread = unread || d.Verdict == hostfacts.VerdictWarn && d.File == local &&
			strings.HasPrefix(d.Msg, "cannot read "+local+": ") && strings.HasSuffix(d.Msg, "; its settings were not checked")
		off = off || d.Verdict == hostfacts.VerdictFail && strings.HasPrefix(d.Msg, user+` sets "disableAllHooks": true`)
	}
	if !unread || !off {
		t.Errorf("unread %v, disableAllHooks %v in %+v", unread, off, ds)
	}
}

// Claude Code reads settings.json with JSON.parse: a file with a comment
// is ignored whole, so its "disableAllHooks" turns nothing off; doctor
// says the file is not read instead of reporting the setting.
func TestCheckSettingsComments(t *testing.T) {
	dir := t.TempDir()
	user := filepath.Join(dir, "home", ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(user), 0o755)
	if err := os.WriteFile(user, []byte("{\n  // off for now\n  \"disableAllHooks\": true\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ds := New().CheckSettings(hostfacts.SettingsCheck{Dir: filepath.Join(dir, "project"), Home: filepath.Join(dir, "home"), UserFile: user})
	if len(ds) != 1 || ds[0].Verdict != hostfacts.VerdictWarn || ds[0].File != user || !strings.Contains(ds[0].Msg, "comments") {
		t.Errorf("got %+v, want one warning that %s is not read for its comments", ds, user)
	}
}

// Claude Code reads settings.json with JSON.parse: of two
// "disableAllHooks", the last one counts.
func TestCheckSettingsRepeatedKey(t *testing.T) {
	dir := t.TempDir()
	user := filepath.Join(dir, "home", ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(user), 0o755)
	for _, tc := range []struct {
		text string
		off  bool
	}{
		{`{"disableAllHooks": false, "disableAllHooks": true}`, true},
		{`{"disableAllHooks": true, "disableAllHooks": false}`, false},
	} {
		if err := os.WriteFile(user, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		ds := New().CheckSettings(hostfacts.SettingsCheck{Dir: filepath.Join(dir, "project"), Home: filepath.Join(dir, "home"), UserFile: user})
		off := len(ds) == 1 && ds[0].Verdict == hostfacts.VerdictFail && strings.Contains(ds[0].Msg, `"disableAllHooks": true`)
		if off != tc.off || (!tc.off && len(ds) != 0) {
			t.Errorf("%s: %+v, want hooks off: %v", tc.text, ds, tc.off)
		}
	}
}
