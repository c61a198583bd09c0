package gemini

import (
	"os"
	"path/filepath"
	"testing"
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
