package gemini

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hostfacts"
)

func TestGeminiTrust(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "work", "project")
	os.MkdirAll(proj, 0o755)
	file := filepath.Join(home, ".gemini", "trustedFolders.json")
	os.MkdirAll(filepath.Dir(file), 0o755)
	vars := map[string]string{"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(home, "none.json")}
	getenv := func(k string) string { return vars[k] }
	if got, _ := folderTrust(proj, home, getenv); got != "undecided" {
		t.Errorf("no file: %s", got)
	}
	for _, tc := range []struct{ rules, want string }{
		{`{"` + proj + `": "TRUST_FOLDER"}`, "trusted"},
		{`{"` + filepath.Join(home, "work", "x") + `": "TRUST_PARENT"} // comment` + "\n", "trusted"},
		{`{"` + filepath.Join(home, "work") + `": "TRUST_FOLDER", "` + proj + `": "DO_NOT_TRUST"}`, "untrusted"},
		{`{"` + filepath.Join(home, "work") + `": "DO_NOT_TRUST", "` + proj + `": "TRUST_FOLDER"}`, "trusted"},
		{`{"` + filepath.Join(home, "other") + `": "TRUST_FOLDER"}`, "undecided"},
		// As Gemini CLI reads the file: JSON.parse keeps a repeated key's
		// last value, so the folder is not trusted.
		{`{"` + proj + `": "TRUST_FOLDER", "` + proj + `": "DO_NOT_TRUST"}`, "untrusted"},
		{`{"` + proj + `": "DO_NOT_TRUST", "` + proj + `": "TRUST_FOLDER"}`, "trusted"},
		// A value that is not a trust level drops its rule: the shorter
		// rule decides.
		{`{"` + filepath.Join(home, "work") + `": "TRUST_FOLDER", "` + proj + `": "TRUST_ME"}`, "trusted"},
		{`{"` + filepath.Join(home, "work") + `": "TRUST_FOLDER", "` + proj + `": "DO_NOT_TRUST", "` + proj + `": 1}`, "trusted"},
		// The same path written twice (here with a trailing slash): the
		// later rule replaces the earlier one.
		{`{"` + proj + `": "TRUST_FOLDER", "` + proj + `/": "DO_NOT_TRUST"}`, "untrusted"},
		// Gemini CLI cannot read a file with a trailing comma: nothing is
		// trusted by it.
		{`{"` + proj + `": "TRUST_FOLDER",}`, "untrusted"},
	} {
		os.WriteFile(file, []byte(tc.rules), 0o644)
		if got, _ := folderTrust(proj, home, getenv); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.rules, got, tc.want)
		}
	}
	vars["GEMINI_CLI_TRUST_WORKSPACE"] = "true"
	if got, _ := folderTrust(proj, home, getenv); got != "trusted" {
		t.Errorf("with GEMINI_CLI_TRUST_WORKSPACE: %s", got)
	}
	delete(vars, "GEMINI_CLI_TRUST_WORKSPACE")
	os.WriteFile(filepath.Join(home, ".gemini", "settings.json"), []byte(`{"security": {"folderTrust": {"enabled": false}}}`), 0o644)
	if got, _ := folderTrust(proj, home, getenv); got != "trusted" {
		t.Errorf("folder trust off: %s", got)
	}
}

// hooksConfig.disabled names a hook by its command, the binary's name or
// the entry's name: either way Gemini CLI skips ours; another hook's name
// is not ours.
func TestCheckSettingsDisabled(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "project")
	const command = "/home/dev/bin/guard --host gemini --timeout 30s"
	user := filepath.Join(home, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(user), 0o755)
	c := hostfacts.SettingsCheck{Dir: proj, Home: home, Binary: "/home/dev/bin/guard", UserFile: user,
		Getenv: func(k string) string {
			return map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true", "GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(home, "none")}[k]
		},
		Entries: []hostfacts.HookEntry{{File: filepath.Join(proj, ".gemini", "settings.json"), Project: true, Event: "BeforeTool", Entry: []byte(`{"type":"command","command":"` + command + `"}`)},
			{File: filepath.Join(proj, ".gemini", "settings.json"), Project: true, Event: "AfterTool", Entry: []byte(`{"type":"command","name":"hook","command":"$GEMINI_PROJECT_DIR/tools/hook --host gemini"}`)}}}
	for _, tc := range []struct {
		disabled string
		fails    int
	}{
		{`["guard"]`, 1},
		{`["` + command + `"]`, 1},
		{`["other", "/home/dev/bin/guard --host gemini"]`, 0},
		{`[]`, 0},
		// An entry whose name is not the base name of c.Binary (install
		// --binary-in-project tools/hook, run by bin/guard).
		{`["hook"]`, 1},
	} {
		os.WriteFile(user, []byte("{\n  // off\n  \"hooksConfig\": {\"disabled\": "+tc.disabled+"}\n}\n"), 0o644)
		fails := 0
		for _, d := range New().CheckSettings(c) {
			if d.Verdict == hostfacts.VerdictFail {
				fails++
			}
		}
		if fails != tc.fails {
			t.Errorf("disabled %s: %d failures, want %d", tc.disabled, fails, tc.fails)
		}
	}
}

// A settings file that ends in a line comment without a newline is read
// (Gemini CLI reads it); one that does not parse is reported, never taken
// for a file that sets nothing.
func TestCheckSettingsUnreadable(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "project")
	system := filepath.Join(home, "system.json")
	user := filepath.Join(home, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(user), 0o755)
	c := hostfacts.SettingsCheck{Dir: proj, Home: home, Binary: "/home/dev/bin/guard", UserFile: user,
		Getenv: func(k string) string {
			return map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true", "GEMINI_CLI_SYSTEM_SETTINGS_PATH": system}[k]
		}}
	for _, tc := range []struct {
		system, want string
		verdict      hostfacts.Verdict
	}{
		{`{"hooksConfig": {"enabled": false}} // off`, system + " sets hooksConfig.enabled to false", hostfacts.VerdictFail},
		{`{"hooksConfig": {"enabled": false}`, "cannot read " + system + ": line 1, column 35: ", hostfacts.VerdictWarn},
		{`{"hooksConfig": {"enabled": false}} /* off`, "; its settings were not checked", hostfacts.VerdictWarn},
		// Gemini CLI drops a file with a trailing comma whole: the setting
		// in it turns nothing off.
		{`{"hooksConfig": {"enabled": false,}}`, "cannot read " + system + ": it has a trailing comma", hostfacts.VerdictWarn},
	} {
		os.WriteFile(system, []byte(tc.system), 0o644)
		found := false
		for _, d := range New().CheckSettings(c) {
			found = found || d.Verdict == tc.verdict && strings.Contains(d.Msg, tc.want)
		}
		if !found {
			t.Errorf("%s: no %v finding with %q in %+v", tc.system, tc.verdict, tc.want, New().CheckSettings(c))
		}
	}
}
