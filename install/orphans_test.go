package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/gemini"
)

// issue 28: after a binary moves without uninstall, its old entries are
// named by install and doctor of the new one (Gemini CLI blocks every call
// they match: a failure), and uninstall --orphans removes them, leaving
// the new binary's entries and the user's file as they were.
func TestOrphanEntries(t *testing.T) {
	s := newSandbox(t, "allow")
	userText := "{\n  \"ui\": {\"theme\": \"dark\"}\n}\n"
	p := filepath.Join(s.project, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte(userText), 0o644)
	old := filepath.Join(filepath.Dir(s.home), "old", "guard")
	copyFile(t, s.bin, old)
	o := s.opts(gemini.Host)
	o.Events = []hooks.EventName{hooks.PreToolUse}
	o.Binary = old
	s.install(t, o)
	if err := os.RemoveAll(filepath.Dir(old)); err != nil {
		t.Fatal(err)
	}

	o.Binary = s.bin
	r, out := s.doctor(t, o)
	if r.Healthy() || !strings.Contains(out, "entries of "+old+", which no longer exists") || !strings.Contains(out, "uninstall --orphans") {
		t.Errorf("doctor does not fail the orphan:\n%s", out)
	}
	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(cs[0].Notes, "\n"), "entries of "+old) {
		t.Errorf("install does not name the orphan: %q", cs[0].Notes)
	}
	withOurs, _ := os.ReadFile(p)

	code, stdout, stderr := runMain(t, s.bin, "uninstall", "--orphans", "--hosts", "gemini", "--dir", s.project)
	if code != 0 || !strings.Contains(stdout, "removed BeforeTool") {
		t.Fatalf("uninstall --orphans: exit %d\n%s%s", code, stdout, stderr)
	}
	after, _ := os.ReadFile(p)
	if strings.Contains(string(after), old) || !strings.Contains(string(after), s.bin) || string(after) == string(withOurs) {
		t.Errorf("after uninstall --orphans:\n%s", after)
	}
	if _, out := s.doctor(t, o); strings.Contains(out, "no longer exists") {
		t.Errorf("doctor still names an orphan:\n%s", out)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != userText {
		t.Errorf("the user's file is not back:\n%s", b)
	}
	code, stdout, _ = runMain(t, s.bin, "uninstall", "--orphans", "--hosts", "gemini", "--dir", s.project)
	if code != 0 || !strings.Contains(stdout, "no entries of a binary that no longer exists") {
		t.Errorf("nothing to remove: exit %d\n%s", code, stdout)
	}
}
