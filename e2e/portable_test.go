package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/install"
)

// bobsClone is the directory name of the second developer's clone: a
// space and a quote, which a command that names the project's directory
// must survive.
const bobsClone = "bob's clone"

// testPortableCommand (issue 28): Alice installs the hook into her clone
// with install.Options.ProjectBinary "bin/guard" (install
// --binary-in-project bin/guard), the binary being in the project; her
// clone, a git repository, is then copied to Bob's at another path (with
// a space and a quote in it) and deleted. The client runs in Bob's clone:
// the hooks must run Bob's bin/guard (the deny takes effect, the model is
// told our reason, the hook fires on the events the installer wrote), and
// no file of the clone may hold a path of Alice's. Codex, which gives
// its hooks no project variable and runs them in the directory it starts
// in, runs a second time from a subdirectory of the clone.
func testPortableCommand(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "portable-command")
	if h.ID == "copilot-pascal" {
		table.na(t, h.ID, "portable-command", pascalByInstaller)
	}
	table.check(t, h.ID, "portable-command")
	spec := harness.Spec{Host: h, Prompt: "run the e2e guard scenario", Script: guardScript(h.Name),
		Quiet: true, ProjectName: bobsClone, Register: portableRegister(t, h)}
	checkPortableRun(t, h, runWith(t, spec, guardScenario(h.Name)))
	if h.Name == "codex" {
		spec.Workdir = "src"
		t.Log("codex again, started in the clone's subdirectory src")
		checkPortableRun(t, h, runWith(t, spec, guardScenario(h.Name)))
	}
}

// checkPortableRun checks a run of testPortableCommand.
func checkPortableRun(t *testing.T, h *harness.Host, o *outcome) {
	t.Helper()
	if got, ok := o.file("deny_target.txt"); ok {
		t.Errorf("DENIED COMMAND RAN with the portable registration in another clone: deny_target.txt = %q", got)
	}
	if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, denyReason) {
		t.Errorf("the model was not told our reason; it saw %q", tr.Text)
	}
	fired := map[string]bool{}
	for _, e := range o.log {
		fired[e.Native] = true
	}
	ex := expectOf(h)
	for _, ev := range []string{ex.sessionStart, ex.pre, ex.stop} {
		if !fired[ev] {
			t.Errorf("%s did not run the portable hook on %s (fired: %v)", h.Name, ev, sortedKeys(fired))
		}
	}
	r := o.res.Run
	alice := filepath.Join(r.Root, "alice")
	filepath.WalkDir(r.Project, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case d.IsDir() && (d.Name() == ".git" || d.Name() == "bin"):
			return filepath.SkipDir
		case d.IsDir():
			return nil
		}
		if data, err := os.ReadFile(p); err == nil && strings.Contains(string(data), alice) {
			t.Errorf("%s holds a path of Alice's clone:\n%s", neutral(r, p), data)
		}
		return nil
	})
}

// portableRegister installs the hook as Alice would, in her clone
// <root>/alice/project (a git repository holding the hook as bin/guard
// and a subdirectory src), with install.Options.ProjectBinary, then
// copies her clone to the run's project (Bob's clone) and deletes hers.
func portableRegister(t *testing.T, h *harness.Host) func(r *harness.Run, hook []string) error {
	return func(r *harness.Run, hook []string) error {
		alice := filepath.Join(r.Root, "alice", "project")
		bin := filepath.Join(alice, "bin", "guard")
		if err := os.MkdirAll(filepath.Join(alice, "src"), 0o755); err != nil {
			return err
		}
		data, err := os.ReadFile(hook[0])
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(bin, data, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(alice, "src", "main.txt"), []byte("src\n"), 0o644); err != nil {
			return err
		}
		git := exec.Command("git", "init", "-q")
		git.Dir = alice
		if out, err := git.CombinedOutput(); err != nil {
			return fmt.Errorf("git init: %v\n%s", err, out)
		}
		env := map[string]string{
			"CLAUDE_CONFIG_DIR": filepath.Join(r.Home, ".claude"),
			"CODEX_HOME":        filepath.Join(r.Home, ".codex"),
		}
		o := install.Options{Binary: bin, ProjectBinary: "bin/guard", Hosts: []hooks.Host{hooks.Host(h.Name)},
			Scope: install.Project, Dir: alice, Home: r.Home, Getenv: func(k string) string { return env[k] }}
		changes, err := install.Install(o)
		for _, c := range changes {
			t.Logf("install in Alice's clone: %s added %v\n%s", c.Host, c.Added, c.After)
		}
		if err != nil {
			return err
		}
		cp := exec.Command("cp", "-a", alice+"/.", r.Project)
		if out, err := cp.CombinedOutput(); err != nil {
			return fmt.Errorf("copy Alice's clone to Bob's: %v\n%s", err, out)
		}
		return os.RemoveAll(filepath.Dir(alice))
	}
}
