package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/install/internal/hookscript"
)

// Cline CLI: install writes one executable script per event, re-running
// changes nothing, uninstall removes exactly them, and doctor runs each.
func TestScriptsInstallUninstall(t *testing.T) {
	s := newSandbox(t, "deny")
	o := s.opts("cline")
	o.Events = []hooks.EventName{hooks.PreToolUse, hooks.PostToolUse}
	dir := filepath.Join(s.project, ".clinerules", "hooks")
	// A user's hook for another event, which nothing may touch.
	os.MkdirAll(dir, 0o755)
	user := []byte("#!/bin/sh\necho '{}'\n")
	os.WriteFile(filepath.Join(dir, "TaskStart"), user, 0o755)

	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("%d changes, want 2: %+v", len(cs), cs)
	}
	for _, ev := range []string{"PreToolUse", "PostToolUse"} {
		p := filepath.Join(dir, ev)
		fi, err := os.Stat(p)
		if err != nil || fi.Mode().Perm()&0o111 == 0 {
			t.Fatalf("%s: %v %v", ev, err, fi)
		}
		b, _ := os.ReadFile(p)
		want := "#!/bin/sh\n" + hookscript.Header + "exec " + s.bin + " --host cline --timeout 30s\n"
		if string(b) != want {
			t.Errorf("%s:\n%s\nwant\n%s", ev, b, want)
		}
	}
	cs, err = Install(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Changed() {
			t.Errorf("re-install changed %s", c.Path)
		}
	}
	r, out := s.doctor(t, o)
	if !r.Healthy() || !strings.Contains(out, "2 hook files: PreToolUse, PostToolUse") || !strings.Contains(out, "cancel") && !strings.Contains(out, "deny") {
		t.Errorf("doctor:\n%s", out)
	}
	// The executable bit gone: doctor fails it.
	os.Chmod(filepath.Join(dir, "PreToolUse"), 0o644)
	if r, out := s.doctor(t, o); r.Healthy() || !strings.Contains(out, "not executable") {
		t.Errorf("doctor with a non-executable hook file:\n%s", out)
	}
	os.Chmod(filepath.Join(dir, "PreToolUse"), 0o755)

	o.Events = nil
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != "TaskStart" {
		t.Errorf("after uninstall %s holds %v", dir, ents)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "TaskStart")); string(b) != string(user) {
		t.Errorf("the user's hook file changed: %q", b)
	}
}

// Cline CLI runs one file per event name: install never overwrites a
// file of that name that is not its own script for this binary (the
// user's, another binary's, ours customised), and writes nothing at all
// then; uninstall leaves such files alone.
func TestScriptsOneBinary(t *testing.T) {
	s := newSandbox(t, "allow")
	dir := filepath.Join(s.project, ".clinerules", "hooks")
	other := Options{Binary: "/home/dev/bin/other", Hosts: []hooks.Host{"cline"}, Dir: s.project, Home: s.home,
		Events: []hooks.EventName{hooks.PreToolUse}}
	if _, err := Install(other); err != nil {
		t.Fatal(err)
	}
	theirs, _ := os.ReadFile(filepath.Join(dir, "PreToolUse"))
	o := s.opts("cline")
	o.Events = []hooks.EventName{hooks.PreToolUse, hooks.PostToolUse}
	for name, content := range map[string]string{
		"another binary's": string(theirs),
		"the user's":       "#!/bin/sh\nexec /usr/bin/python3 guard.py\n",
		"customised":       "#!/bin/sh\n" + hookscript.Header + "exec " + s.bin + " --host cline --timeout 30s && logger ran\n",
	} {
		os.WriteFile(filepath.Join(dir, "PreToolUse"), []byte(content), 0o755)
		_, err := Install(o)
		if err == nil || !strings.Contains(err.Error(), "not ours") || !strings.Contains(err.Error(), "one file per event name") {
			t.Errorf("%s file: install error %v", name, err)
		}
		if _, err := os.Stat(filepath.Join(dir, "PostToolUse")); err == nil {
			t.Errorf("%s file: install wrote PostToolUse anyway", name)
		}
		if _, err := Uninstall(o); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "PreToolUse")); string(b) != content {
			t.Errorf("%s file: uninstall changed it to %q", name, b)
		}
	}
}
