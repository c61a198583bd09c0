package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
)

// install --observe --log PATH writes both into every command, uninstall
// knows those entries as its own, and doctor says the hook is observing.
func TestInstallObserveAndLog(t *testing.T) {
	s := newSandbox(t, "deny")
	o := s.opts(claude.Host)
	o.Events = []hooks.EventName{hooks.PreToolUse, hooks.Stop}
	o.Observe = true
	o.Log = filepath.Join(t.TempDir(), "my logs", "decisions.jsonl")
	changes, err := Install(o)
	if err != nil || len(changes) != 1 {
		t.Fatalf("%v: %d changes", err, len(changes))
	}
	b, err := os.ReadFile(changes[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	want := " --observe --log '" + o.Log + "'"
	entries := strings.Count(string(b), "--host claude")
	if n := strings.Count(string(b), want); n != entries || n < 2 {
		t.Fatalf("%d commands with %q:\n%s", n, want, b)
	}
	r, out := s.doctor(t, o)
	observing := 0
	for _, f := range r.Findings {
		if strings.Contains(f.Msg, "the hook is observing") {
			observing++
		}
	}
	if observing != entries || !strings.Contains(out, o.Log) {
		t.Errorf("doctor says observing %d times:\n%s", observing, out)
	}
	o.Observe, o.Log = false, ""
	ch, err := Uninstall(o)
	if err != nil || len(ch) != 1 || len(ch[0].Removed) != entries || strings.Contains(string(must(os.ReadFile(changes[0].Path))), "--observe") {
		t.Fatalf("uninstall: %v %+v", err, ch)
	}
}

func TestInstallObserveWithGatewayIsRefused(t *testing.T) {
	code, _, stderr := runMain(t, "/home/dev/bin/guard", "install", "--gateway", "https://gw.example/hook", "--observe", "--dir", t.TempDir())
	if code != 2 || !strings.Contains(stderr, "set them on the gateway") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		return nil
	}
	return b
}

// TestLogWithoutPath: install's --log takes its value as the hook's own
// --log does, optionally (issue 42, item 6): --log alone, last or before
// another flag, writes --log with no path into every command (the hook's
// default log), the entries are ours (a second install changes nothing,
// uninstall gives back every byte), and doctor names the default log.
func TestLogWithoutPath(t *testing.T) {
	s := newSandbox(t, "allow")
	s.bin = filepath.Join(filepath.Dir(s.home), "bin", "guard")
	copyFile(t, os.Args[0], s.bin)
	project, home := tree(t, s.project), tree(t, s.home)
	for _, args := range [][]string{
		{"install", "--dir", s.project, "--hosts", "claude,opencode", "--log"},
		{"install", "--dir", s.project, "--hosts", "claude,opencode", "--log", "--observe"},
	} {
		code, stdout, stderr := runMain(t, s.bin, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d\n%s%s", args, code, stdout, stderr)
		}
		settings, err := os.ReadFile(filepath.Join(s.project, ".claude", "settings.json"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(settings), "--timeout 30s --log\"") && !strings.Contains(string(settings), "--observe --log\"") {
			t.Errorf("%q: the command has no --log without a path:\n%s", args, settings)
		}
		code, stdout, stderr = runMain(t, s.bin, args...)
		if code != 0 || strings.Contains(stdout, "added") || !strings.Contains(stdout, "unchanged") {
			t.Errorf("%q again: exit %d, want no change:\n%s%s", args, code, stdout, stderr)
		}
		code, stdout, stderr = runMain(t, s.bin, "doctor", "--dir", s.project, "--hosts", "claude")
		if !strings.Contains(stdout, "decisions are logged to ") {
			t.Errorf("doctor (exit %d) does not name the log:\n%s%s", code, stdout, stderr)
		}
		code, stdout, stderr = runMain(t, s.bin, "uninstall", "--dir", s.project, "--hosts", "claude,opencode")
		if code != 0 {
			t.Fatalf("uninstall: exit %d\n%s%s", code, stdout, stderr)
		}
		if got := tree(t, s.project); got != project {
			t.Errorf("uninstall left the project changed:\n%s\nwant\n%s", got, project)
		}
		if got := tree(t, s.home); got != home {
			t.Errorf("uninstall left the home changed:\n%s\nwant\n%s", got, home)
		}
	}
	if code, _, stderr := runMain(t, s.bin, "install", "--dir", s.project, "--hosts", "claude", "--log", "--", "--log"); code != 0 {
		t.Errorf("--log before -- ARGS: exit %d\n%s", code, stderr)
	}
}
