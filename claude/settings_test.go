package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
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
	ds := New().CheckSettings(hooks.SettingsCheck{Dir: filepath.Join(dir, "project"), Home: filepath.Join(dir, "home"), UserFile: user})
	var unread, off bool
	for _, d := range ds {
		unread = unread || d.Verdict == hooks.VerdictWarn && d.File == local &&
			strings.HasPrefix(d.Msg, "cannot read "+local+": ") && strings.HasSuffix(d.Msg, "; its settings were not checked")
		off = off || d.Verdict == hooks.VerdictFail && strings.HasPrefix(d.Msg, user+` sets "disableAllHooks": true`)
	}
	if !unread || !off {
		t.Errorf("unread %v, disableAllHooks %v in %+v", unread, off, ds)
	}
}
