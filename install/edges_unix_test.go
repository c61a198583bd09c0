//go:build unix

package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/statedir"
)

// edgeSetup is a project whose Claude Code settings file holds text.
func edgeSetup(t *testing.T, text string) (Options, string) {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{claude.Host}, Dir: dir, Home: t.TempDir()}, p
}

// issue 28: a file just under the cap is not given entries that take it
// over: it could then never be read again, not even to uninstall.
func TestSizeCapOnResult(t *testing.T) {
	text := `{"x":"` + strings.Repeat("a", MaxFileSize-100) + `"}`
	o, p := edgeSetup(t, text)
	_, err := Install(o)
	if err == nil || !strings.Contains(err.Error(), "with our entries it would be") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != text {
		t.Error("the file changed")
	}
}

// issue 28: a host or an editor that saves the file after our backups and
// just before our rename gets the "file changed" error, and its save is
// kept (108 of 935 concurrent host writes were lost before).
func TestChangeBeforeRenameKept(t *testing.T) {
	o, p := edgeSetup(t, "{}\n")
	const theirs = `{"model": "saved by the host"}` + "\n"
	safefile.TestFault = func(q string) error {
		if q == p {
			return os.WriteFile(p, []byte(theirs), 0o644)
		}
		return nil
	}
	t.Cleanup(func() { safefile.TestFault = nil })
	_, err := Install(o)
	if !errors.Is(err, errChanged) {
		t.Fatalf("err = %v, want the file-changed error", err)
	}
	if b, _ := os.ReadFile(p); string(b) != theirs {
		t.Errorf("the host's save was overwritten: %s", b)
	}
}

// issue 28: a hard-linked file is refused, not split; nothing is written.
func TestHardLinkRefused(t *testing.T) {
	o, p := edgeSetup(t, "{}\n")
	other := filepath.Join(filepath.Dir(p), "shared.json")
	if err := os.Link(p, other); err != nil {
		t.Skip("no hard links here:", err)
	}
	_, err := Install(o)
	if err == nil || !strings.Contains(err.Error(), "2 hard links") {
		t.Fatalf("err = %v", err)
	}
	for _, q := range []string{p, other} {
		if b, _ := os.ReadFile(q); string(b) != "{}\n" {
			t.Errorf("%s changed: %s", q, b)
		}
	}
}

// issue 28: root installing into a user's file keeps its owner and group
// (it used to become root's); uninstall too.
func TestOwnerKept(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give the file another owner")
	}
	o, p := edgeSetup(t, "{}\n")
	if err := os.Chown(p, 4321, 4322); err != nil {
		t.Fatal(err)
	}
	owner := func() (int, int) {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		return int(st.Uid), int(st.Gid)
	}
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	if u, g := owner(); u != 4321 || g != 4322 {
		t.Errorf("after install: %d:%d, want 4321:4322", u, g)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if u, g := owner(); u != 4321 || g != 4322 {
		t.Errorf("after uninstall: %d:%d, want 4321:4322", u, g)
	}
	if b, _ := os.ReadFile(p); string(b) != "{}\n" {
		t.Errorf("uninstall left %s", b)
	}
}

// issue 28: a temporary file a killed run left in the state folder is
// removed by the next run.
func TestStaleStateTempRemoved(t *testing.T) {
	o, p := edgeSetup(t, "{}\n")
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	fst := statedir.New(filepath.Join(os.Getenv("XDG_STATE_HOME"), "agenthooks"), statedir.ResolvedPath(p))
	stale := filepath.Join(fst.Folder(), ".written.tmp123456")
	if err := os.WriteFile(stale, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("the stale temporary file is still there")
	}
}

// A named pipe and a loop of links in a folder OpenCode loads plugins
// from: reading neither blocks or panics; doctor says it cannot read
// them (so it cannot tell whether they are ours); install and uninstall
// leave them as they are.
func TestPluginFolderUnreadable(t *testing.T) {
	s, _, p := pluginSandbox(t, "opencode")
	plugins := filepath.Join(s.project, ".opencode", "plugins")
	os.MkdirAll(plugins, 0o755)
	fifo := filepath.Join(plugins, "pipe.js")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	loop := filepath.Join(plugins, "loop.ts")
	os.Symlink(filepath.Join(plugins, "loop2.ts"), loop)
	os.Symlink(loop, filepath.Join(plugins, "loop2.ts"))
	o := s.opts("opencode")
	s.install(t, o)
	r, out := s.doctor(t, o)
	if !r.Healthy() || !strings.Contains(out, fifo+"\n  warn cannot read: ") || !strings.Contains(out, "named pipe") ||
		!strings.Contains(out, loop+"\n  warn cannot read: ") {
		t.Errorf("doctor:\n%s", out)
	}
	if cs, err := Uninstall(o); err != nil || len(cs) != 1 || cs[0].Path != p {
		t.Errorf("uninstall: %v %+v", err, cs)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe: %v", err)
	}
	if _, err := os.Lstat(loop); err != nil {
		t.Errorf("the link: %v", err)
	}
}

// A plugin folder OpenCode cannot list (nor can doctor, not being root):
// doctor warns, naming it; install and uninstall do their own folder.
func TestPluginFolderUnlistable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root lists any folder")
	}
	s, _, p := pluginSandbox(t, "opencode")
	plugins := filepath.Join(s.project, ".opencode", "plugins")
	os.MkdirAll(plugins, 0o755)
	os.Chmod(plugins, 0)
	t.Cleanup(func() { os.Chmod(plugins, 0o755) })
	o := s.opts("opencode")
	s.install(t, o)
	if r, out := s.doctor(t, o); !r.Healthy() || !strings.Contains(out, plugins+"\n  warn cannot list the folder: ") {
		t.Errorf("doctor:\n%s", out)
	}
	if cs, err := Uninstall(o); err != nil || len(cs) != 1 || cs[0].Path != p {
		t.Errorf("uninstall: %v %+v", err, cs)
	}
}
