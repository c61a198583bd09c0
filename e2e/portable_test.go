package e2e

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/hostfacts"
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
// in, runs a second time from a subdirectory of the clone. Then the same
// with install.Options.PathBinary "guard" (install --binary-on-path
// guard): the hook in a directory outside the clones, first on the PATH
// the client gets.
func testPortableCommand(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "portable-command")
	if h.ID == "copilot-pascal" {
		table.na(t, h.ID, "portable-command", pascalByInstaller)
	}
	if h.Name == "kimi" {
		table.na(t, h.ID, "portable-command", "Kimi Code reads hooks only from the user's ~/.kimi-code/config.toml (measured: "+
			"[[hooks]] in a project's .kimi-code/local.toml or config.toml never run): there is no committed file to carry a portable command")
	}
	if f, ok := adapterFor(t, h.Name).(hostfacts.HookFiler); !ok || f.HookFile().ProjectDir == "" {
		table.na(t, h.ID, "portable-command", "its adapter states no way for a command to find the project "+
			"(hostfacts.HookFile.ProjectDir), so install --binary-in-project refuses it")
	}
	table.check(t, h.ID, "portable-command")
	spec := harness.Spec{Host: h, Prompt: "run the e2e guard scenario", Script: guardScript(h.Name),
		Quiet: true, ProjectName: bobsClone, Register: portableRegister(t, h, "")}
	checkPortableRun(t, h, "", runWith(t, spec, guardScenario(h.Name)))

	pathDir := t.TempDir()
	copyBinary(t, hookBin, filepath.Join(pathDir, "guard"))
	path := spec
	path.Env = []string{"PATH=" + pathDir + string(os.PathListSeparator) + os.Getenv("PATH")}
	path.Register = portableRegister(t, h, pathDir)
	t.Log("again with the hook as guard on PATH")
	checkPortableRun(t, h, "", runWith(t, path, guardScenario(h.Name)))
	if h.Name != "codex" {
		return
	}
	spec.Workdir = "src"
	t.Log("codex again, started in the clone's subdirectory src")
	checkPortableRun(t, h, "src", runWith(t, spec, guardScenario(h.Name)))

	// Why Codex's command asks git: a relative ./bin/guard, run from the
	// subdirectory, never reaches the hook, and Codex lets the command go.
	register := spec.Register
	spec.Register = func(r *harness.Run, hook []string) error {
		if err := register(r, hook); err != nil {
			return err
		}
		p := filepath.Join(r.Project, ".codex", "hooks.json")
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return err
		}
		form, n := codexProjectDir(t)+"/bin/guard", 0
		v = mapStrings(v, func(s string) string {
			if strings.HasPrefix(s, form+" ") {
				n++
				return "./bin/guard" + strings.TrimPrefix(s, form)
			}
			return s
		})
		if n == 0 {
			return fmt.Errorf("no %s in %s:\n%s", form, p, data)
		}
		rel, err := json.Marshal(v)
		if err != nil {
			return err
		}
		return os.WriteFile(p, rel, 0o644)
	}
	o := runRaw(t, spec, guardScenario(h.Name))
	if got, ok := o.file("src/deny_target.txt"); len(o.log) != 0 || !ok {
		t.Errorf("a relative ./bin/guard from a subdirectory: %d hook runs, deny_target.txt = %q (%v); want none, and the command run", len(o.log), got, ok)
	} else {
		t.Logf("measured: a relative ./bin/guard from the subdirectory src never ran the hook, and Codex ran the command the hook would have denied")
	}
}

// codexProjectDir is how Codex's adapter names the project in a command.
func codexProjectDir(t *testing.T) string {
	f, ok := adapterFor(t, "codex").(hostfacts.HookFiler)
	if !ok {
		t.Fatal("the codex adapter states no hook file")
	}
	return f.HookFile().ProjectDir
}

// checkPortableRun checks a run of testPortableCommand, whose client
// started in the project's subdirectory workdir ("" for the root).
func checkPortableRun(t *testing.T, h *harness.Host, workdir string, o *outcome) {
	t.Helper()
	if got, ok := o.file(filepath.Join(workdir, "deny_target.txt")); ok {
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
	for _, e := range o.log {
		if e.Native != ex.pre {
			continue
		}
		dir, _ := filepath.EvalSymlinks(e.Dir)
		want, _ := filepath.EvalSymlinks(r.Workdir)
		if h.Name != "codex" {
			want, _ = filepath.EvalSymlinks(r.Project)
		}
		if dir != want {
			t.Errorf("the hook ran in %s, want %s", e.Dir, want)
		}
		t.Logf("measured: %s ran the hook in %s with %q", h.Name, neutral(r, e.Dir), neutralAll(r, e.ProjectEnv))
		break
	}
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
// and a subdirectory src), with install.Options.ProjectBinary, or, when
// pathDir is set, with install.Options.PathBinary "guard" found in
// pathDir; then copies her clone to the run's project (Bob's clone) and
// deletes hers.
func portableRegister(t *testing.T, h *harness.Host, pathDir string) func(r *harness.Run, hook []string) error {
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
		if pathDir != "" {
			env["PATH"] = pathDir
			o.ProjectBinary, o.PathBinary = "", "guard"
			if err := os.Remove(bin); err != nil {
				return err
			}
		}
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

// mapStrings returns v, a decoded JSON value, with f applied to each of
// its strings.
func mapStrings(v any, f func(string) string) any {
	switch x := v.(type) {
	case string:
		return f(x)
	case []any:
		for i := range x {
			x[i] = mapStrings(x[i], f)
		}
	case map[string]any:
		for k := range x {
			x[k] = mapStrings(x[k], f)
		}
	}
	return v
}

// neutralAll is neutral for each NAME=path.
func neutralAll(r *harness.Run, kvs []string) []string {
	out := make([]string, len(kvs))
	for i, kv := range kvs {
		name, v, _ := strings.Cut(kv, "=")
		out[i] = name + "=" + neutral(r, v)
	}
	return out
}

// copyBinary copies the executable from to to.
func copyBinary(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o755); err != nil {
		t.Fatal(err)
	}
}
