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
