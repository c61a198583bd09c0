package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 42, item 3: a hook built on this module installed from two
// places (a developer's ~/bin/acmehook, then the team repository's
// bin/acmehook) left both on every event, judged every call twice, and
// nothing said so. Install and doctor now warn, uninstall of one says the
// other remains, and install --replace takes the other's entries over.
func TestDoubleRegistration(t *testing.T) {
	s := newSandbox(t, "allow")
	if err := os.MkdirAll(filepath.Join(s.project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(s.home, "bin", "acmehook")
	team := filepath.Join(s.project, "bin", "acmehook")
	copyFile(t, s.bin, mine)
	copyFile(t, s.bin, team)
	settings := filepath.Join(s.project, ".claude", "settings.json")
	// A look-alike that is no hook of this module: left alone, no warning.
	write(t, s.project, map[string][]byte{".claude/settings.json": []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[` +
		`{"type":"command","command":"/usr/local/bin/lint-hook --host claude --policy strict"}]}]}}` + "\n")})

	code, stdout, stderr := runMain(t, mine, "install", "--dir", s.project, "--hosts", "claude")
	if code != 0 || strings.Contains(stdout, "another hook") {
		t.Fatalf("first install: exit %d, or a warning about the look-alike:\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runMain(t, team, "install", "--dir", s.project, "--hosts", "claude", "--binary-in-project", "bin/acmehook")
	if code != 0 || !strings.Contains(stdout, "warning: another hook built on this module is registered on PreToolUse") || !strings.Contains(stdout, mine+" --host claude") {
		t.Fatalf("second install: exit %d, want a warning naming %s:\n%s%s", code, mine, stdout, stderr)
	}
	code, stdout, _ = runMain(t, team, "doctor", "--dir", s.project, "--hosts", "claude")
	if !strings.Contains(stdout, "another hook built on this module is registered on PreToolUse") {
		t.Errorf("doctor (exit %d) does not warn about the other hook:\n%s", code, stdout)
	}
	code, stdout, stderr = runMain(t, team, "install", "--dir", s.project, "--hosts", "claude", "--binary-in-project", "bin/acmehook", "--replace")
	if code != 0 || !strings.Contains(stdout, "replaced another hook built on this module") {
		t.Fatalf("install --replace: exit %d\n%s%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(settings)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), mine) || !strings.Contains(string(data), `\"$CLAUDE_PROJECT_DIR\"/bin/acmehook --host claude`) || !strings.Contains(string(data), "lint-hook") {
		t.Errorf("after --replace the file should run the team's hook and the look-alike, not %s:\n%s", mine, data)
	}
	code, stdout, _ = runMain(t, team, "doctor", "--dir", s.project, "--hosts", "claude")
	if strings.Contains(stdout, "another hook") {
		t.Errorf("doctor (exit %d) still warns after --replace:\n%s", code, stdout)
	}
}
