package install

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/droid"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/shellwords"
)

// portableSandbox is a sandbox whose project, a git repository at a path
// with a space and a quote, holds the test hook as bin/guard.
func portableSandbox(t *testing.T, mode string) (*sandbox, string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("portable commands are for the POSIX shells")
	}
	s := newSandbox(t, mode)
	s.project = filepath.Join(filepath.Dir(s.project), "alice's project")
	bin := filepath.Join(s.project, "bin", "guard")
	copyFile(t, s.bin, bin)
	if err := os.MkdirAll(filepath.Join(s.project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return s, bin
}

// issue 28: install --binary-in-project writes, for every host, a command
// that names the project's directory as the host gives it, and no path
// of this machine; each one, run as its host runs it (bash, in the
// project or, for Codex, in a subdirectory of it, with the host's
// variables, or the host's own replacement), reaches the clone's
// bin/guard, in a clone at another path with a space and a quote in it.
func TestPortableCommandEveryHost(t *testing.T) {
	s, bin := portableSandbox(t, "allow")
	var with []hooks.Host
	for _, h := range Hosts() {
		if testHost(h).ProjectDir != "" {
			with = append(with, h)
			continue
		}
		// A host added later that states no way to the project is
		// refused by name.
		_, err := Install(Options{Binary: bin, ProjectBinary: "bin/guard", Hosts: []hooks.Host{h}, Dir: s.project, Home: s.home})
		if err == nil || !strings.Contains(err.Error(), "no way to find the project's directory") {
			t.Errorf("%s, which states no ProjectDir: err = %v", h, err)
		}
	}
	for _, h := range []hooks.Host{"claude", "cursor", "gemini", "codex", "copilot", "qwen", "droid"} {
		if !slices.Contains(with, h) {
			t.Errorf("%s states no ProjectDir", h)
		}
	}
	o := Options{Binary: bin, ProjectBinary: "bin/guard", Hosts: with, Dir: s.project, Home: s.home}
	changes, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != len(with) {
		t.Fatalf("%d files written, want one per host", len(changes))
	}
	clone := filepath.Join(filepath.Dir(s.project), "bob's clone")
	if out, err := exec.Command("cp", "-a", s.project, clone).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	script := "#!/bin/sh\necho \"ran $0 $*\"\n"
	if err := os.WriteFile(filepath.Join(clone, "bin", "guard"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := exec.Command("git", "init", "-q", clone).Run(); err != nil {
		t.Skip("no git here: Codex's form asks git for the root")
	}
	if err := os.MkdirAll(filepath.Join(clone, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		if strings.Contains(string(c.After), s.project) || strings.Contains(string(c.After), filepath.Dir(s.home)) {
			t.Errorf("%s: the file holds a path of this machine:\n%s", c.Host, c.After)
		}
		h := testHost(c.Host)
		p := filepath.Join(clone, strings.TrimPrefix(c.Path, s.project))
		ed, err := h.open(readOrFail(t, p), bin, gatewayOpts{})
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range commandsIn(ed) {
			head := h.ProjectDir + "/bin/guard --host " + string(c.Host)
			if !strings.HasPrefix(cmd, head) {
				t.Errorf("%s: command %s does not start with %s", c.Host, cmd, head)
				continue
			}
			// Run it as the host does.
			run, dir := cmd, clone
			if h.ProjectDirReplaced {
				run = shellwords.PosixQuote(clone) + strings.TrimPrefix(cmd, h.ProjectDir)
			}
			if c.Host == "codex" {
				dir = filepath.Join(clone, "src")
			}
			sh := exec.Command("bash", "-c", run)
			sh.Dir = dir
			sh.Env = append(os.Environ(), hostEnv(h, env{dir: clone, home: s.home, getenv: os.Getenv})...)
			out, err := sh.CombinedOutput()
			want := "ran " + filepath.Join(clone, "bin", "guard") + " --host " + string(c.Host)
			if err != nil || !strings.HasPrefix(string(out), want) {
				t.Errorf("%s: %s run in %s: %v %q, want %q", c.Host, cmd, dir, err, out, want)
			}
		}
	}
}

func readOrFail(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// commandsIn lists the commands of our entries.
func commandsIn(ed *editor) []string {
	var out []string
	for _, f := range ed.ours(nil) {
		out = append(out, str(f.node.Get(ed.h.JSON.CommandKey)))
	}
	return out
}

// In Bob's clone, doctor of Bob's bin/guard finds the portable entries,
// resolves them to his file and runs it: healthy. The clone's own
// uninstall, with no flag, removes them all; so does that of a binary
// elsewhere given --binary-in-project.
func TestPortableDoctorAndUninstallInAClone(t *testing.T) {
	s, bin := portableSandbox(t, "allow")
	all := []hooks.Host{"claude", "gemini", "codex", "copilot", "qwen", "droid", "cursor"}
	// One event: doctor runs each entry, and Codex's SessionEnd has 3 s,
	// which a loaded machine's test binary may not start in.
	evs := []hooks.EventName{hooks.PreToolUse}
	if _, err := Install(Options{Binary: bin, ProjectBinary: "bin/guard", Hosts: all, Dir: s.project, Home: s.home, Events: evs}); err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(filepath.Dir(s.project), "bob's clone")
	if out, err := exec.Command("cp", "-a", s.project, clone).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	if err := os.RemoveAll(s.project); err != nil {
		t.Fatal(err)
	}
	bob := filepath.Join(clone, "bin", "guard")
	o := Options{Binary: bob, Hosts: all, Dir: clone, Home: s.home}
	_, text := s.doctor(t, o)
	s.project = clone
	s.trust(t, text)
	r, text := s.doctor(t, o)
	if !r.Healthy() || r.Entries == 0 {
		t.Errorf("doctor in Bob's clone is not healthy:\n%s", text)
	}
	if !strings.Contains(text, "the project's bin/guard") || !strings.Contains(text, "here "+bob) {
		t.Errorf("doctor does not say how the portable entries reach the binary:\n%s", text)
	}
	if strings.Contains(text, "no longer exists") {
		t.Errorf("doctor takes the portable entries for orphans:\n%s", text)
	}

	// A binary elsewhere, given the flag, finds them too (dry run).
	other := Options{Binary: s.bin, ProjectBinary: "bin/guard", Hosts: all, Dir: clone, Home: s.home, DryRun: true}
	cs, err := Uninstall(other)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if len(c.Removed) == 0 {
			t.Errorf("uninstall --binary-in-project bin/guard of another binary does not find the %s entries", c.Host)
		}
	}
	// Without the flag, that binary's entries are not these.
	other.ProjectBinary = ""
	if cs, _ := Uninstall(other); removedAny(cs) {
		t.Errorf("uninstall of another binary without the flag removes the portable entries of bin/guard")
	}

	cs, err = Uninstall(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if len(c.Removed) == 0 {
			t.Errorf("uninstall in Bob's clone leaves the %s entries", c.Host)
		}
		if strings.Contains(string(c.After), "bin/guard") {
			t.Errorf("%s after uninstall:\n%s", c.Host, c.After)
		}
	}
}

func removedAny(cs []Change) bool {
	for _, c := range cs {
		if len(c.Removed) > 0 {
			return true
		}
	}
	return false
}

// The portable entries of a binary not built in this clone are missing
// for doctor of that binary (a failure, naming the file), but are no
// orphans for any other binary: uninstall --orphans leaves them, as it
// leaves those of a deleted binary of the same path's portable form,
// while removing the absolute entries of that deleted binary.
func TestPortableEntriesAreNoOrphans(t *testing.T) {
	s, bin := portableSandbox(t, "allow")
	hs := []hooks.Host{"gemini", "claude"}
	if _, err := Install(Options{Binary: bin, ProjectBinary: "bin/guard", Hosts: hs, Dir: s.project, Home: s.home}); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(s.project, "old", "guard")
	copyFile(t, s.bin, old)
	if _, err := Install(Options{Binary: old, Hosts: hs, Dir: s.project, Home: s.home, Events: []hooks.EventName{hooks.SessionStart}}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{bin, old} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	// Doctor of the project's binary, run from elsewhere with the flag:
	// the file is missing.
	r, text := s.doctor(t, Options{Binary: s.bin, ProjectBinary: "bin/guard", Hosts: hs, Dir: s.project, Home: s.home})
	if r.Healthy() || !strings.Contains(text, "the command's binary the project's bin/guard") {
		t.Errorf("doctor does not fail the portable entries of a missing bin/guard:\n%s", text)
	}
	// Any other binary: one orphan, the absolute old/guard.
	_, text = s.doctor(t, Options{Binary: s.bin, Hosts: hs, Dir: s.project, Home: s.home})
	if n := strings.Count(text, "no longer exists"); n != 2 || !strings.Contains(text, old) {
		t.Errorf("doctor should name old/guard as an orphan in each file, and nothing else:\n%s", text)
	}
	cs, err := UninstallOrphans(Options{Binary: s.bin, Hosts: hs, Dir: s.project, Home: s.home})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if !slices.Equal(c.Removed, []string{"SessionStart"}) {
			t.Errorf("%s: uninstall --orphans removed %v, want old/guard's SessionStart only", c.Host, c.Removed)
		}
		if !strings.Contains(string(c.After), "bin/guard --host") {
			t.Errorf("%s: uninstall --orphans took the portable entries:\n%s", c.Host, c.After)
		}
	}
}

// Installing again without the flag (another timeout) keeps the portable
// form the file's entries have, and says so: a re-install must not put
// this machine's path into a file the team shares.
func TestPortableFormKept(t *testing.T) {
	s, bin := portableSandbox(t, "allow")
	o := Options{Binary: bin, ProjectBinary: "bin/guard", Hosts: []hooks.Host{"claude"}, Dir: s.project, Home: s.home}
	s.install(t, o)
	o.ProjectBinary, o.Timeout = "", 10e9
	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	after := string(cs[0].After)
	if !strings.Contains(after, `"\"$CLAUDE_PROJECT_DIR\"/bin/guard --host claude --timeout 10s"`) || strings.Contains(after, s.project) {
		t.Errorf("the re-install did not keep the portable form:\n%s", after)
	}
	if len(cs[0].Updated) == 0 || !anyContains(cs[0].Notes, "keep naming the binary as \"$CLAUDE_PROJECT_DIR\"/bin/guard") {
		t.Errorf("updated %v, notes %q", cs[0].Updated, cs[0].Notes)
	}
	// Asked for the absolute path explicitly, by PATH name: the flag wins.
	t.Setenv("PATH", filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	o.PathBinary = "guard"
	cs, err = Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if after := string(cs[0].After); !strings.Contains(after, `"command": "guard --host claude --timeout 10s"`) {
		t.Errorf("--binary-on-path guard did not replace the entries in place:\n%s", after)
	}
}

// noProjectDir is Factory Droid's adapter with no ProjectDir, as a host
// that gives a hook no way to find the project would state it.
type noProjectDir struct{ *droid.Adapter }

func (a noProjectDir) HookFile() hostfacts.HookFile {
	f := a.Adapter.HookFile()
	f.ProjectDir = ""
	return f
}

// The refusals: a bad path or name, both flags, the user scope, a file
// that is not there, a name PATH does not find, a host with no way to
// the project. Nothing is written.
func TestPortableRefusals(t *testing.T) {
	s, _ := portableSandbox(t, "allow")
	base := Options{Binary: s.bin, Hosts: []hooks.Host{"claude"}, Dir: s.project, Home: s.home}
	for _, c := range []struct {
		edit  func(*Options)
		usage bool
		want  string
	}{
		{func(o *Options) { o.ProjectBinary = "../bin/guard" }, true, "inside the project"},
		{func(o *Options) { o.ProjectBinary = "/usr/bin/guard" }, true, "inside the project"},
		{func(o *Options) { o.ProjectBinary = "bin/my guard" }, true, "only letters"},
		{func(o *Options) { o.ProjectBinary = "bin/$(id)" }, true, "only letters"},
		{func(o *Options) { o.ProjectBinary = "./bin/guard" }, true, "inside the project"},
		{func(o *Options) { o.PathBinary = "bin/guard" }, true, "name alone"},
		{func(o *Options) { o.PathBinary = "guard;id" }, true, "name alone"},
		{func(o *Options) { o.PathBinary = "-guard" }, true, "name alone"},
		{func(o *Options) { o.ProjectBinary, o.PathBinary = "bin/guard", "guard" }, true, "give one"},
		{func(o *Options) { o.ProjectBinary, o.Scope = "bin/guard", User }, true, "every project"},
		{func(o *Options) { o.ProjectBinary = "bin/other" }, false, "there is no bin/other in the project"},
		{func(o *Options) { o.PathBinary = "no-such-hook-program" }, false, "PATH has no program no-such-hook-program"},
		{func(o *Options) {
			o.ProjectBinary = "bin/guard"
			o.Adapters = append(builtin.Adapters(), noProjectDir{droid.New()})
			o.Adapters = slices.DeleteFunc(o.Adapters, func(a hooks.Adapter) bool { _, ok := a.(*droid.Adapter); return ok })
			o.Hosts = []hooks.Host{"droid"}
		}, true, "gives a hook no way to find the project's directory"},
	} {
		o := base
		c.edit(&o)
		before := tree(t, s.project)
		_, err := Install(o)
		if err == nil || !strings.Contains(err.Error(), c.want) || errors.As(err, new(usageError)) != c.usage {
			t.Errorf("%+v: err = %v, want %q (usage error %v)", o, err, c.want, c.usage)
		}
		if after := tree(t, s.project); after != before {
			t.Errorf("%+v: the project changed:\n%s", o, after)
		}
	}
}

// Main: the flags, a missing value (exit 2, naming the flag), and a
// go run build allowed when the commands do not name it.
func TestPortableMain(t *testing.T) {
	s, bin := portableSandbox(t, "allow")
	t.Chdir(s.project)
	code, _, stderr := runMain(t, bin, "install", "--hosts", "claude", "--binary-in-project")
	if code != 2 || !strings.Contains(stderr, "--binary-in-project") {
		t.Errorf("--binary-in-project without its value: exit %d\n%s", code, stderr)
	}
	tmp := filepath.Join(t.TempDir(), "go-build123", "b001", "exe", "guard")
	copyFile(t, s.bin, tmp)
	code, stdout, stderr := runMain(t, tmp, "install", "--hosts", "claude,gemini", "--binary-in-project", "bin/guard")
	if code != 0 {
		t.Fatalf("install from a go run build with --binary-in-project: exit %d\n%s%s", code, stdout, stderr)
	}
	data := string(readOrFail(t, filepath.Join(s.project, ".gemini", "settings.json")))
	if !strings.Contains(data, `"$GEMINI_PROJECT_DIR/bin/guard --host gemini`) {
		t.Errorf(".gemini/settings.json:\n%s", data)
	}
	code, stdout, stderr = runMain(t, bin, "uninstall", "--hosts", "claude,gemini")
	if code != 0 || strings.Count(stdout, ": removed ") != 2 {
		t.Errorf("uninstall by the project's binary, no flag: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestTeamRecipeLeavesOut runs the team recipe of install/README.md,
// install --hosts all --binary-in-project bin/guard (issue 42, item 2):
// every host that can take it is written, each one that cannot is named
// with why, and the exit code is 0; a host that cannot, named alone, is
// still refused with nothing written.
func TestTeamRecipeLeavesOut(t *testing.T) {
	s := newSandbox(t, "allow")
	bin := filepath.Join(s.project, "bin", "guard")
	copyFile(t, s.bin, bin)
	if err := os.MkdirAll(filepath.Join(s.project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runMain(t, bin, "install", "--dir", s.project, "--hosts", "all", "--binary-in-project", "bin/guard", "--dry-run")
	if code != 0 {
		t.Fatalf("install --hosts all --binary-in-project: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, h := range []string{"cline", "opencode", "kilo"} {
		if want := "note: " + h + " left out: "; !strings.Contains(stderr, want) || !strings.Contains(stderr, "no way to find the project's directory") {
			t.Errorf("install does not say %q with why:\n%s", want, stderr)
		}
	}
	if want := "note: kimi left out: it has no project scope"; !strings.Contains(stderr, want) {
		t.Errorf("install does not say %q:\n%s", want, stderr)
	}
	for _, f := range []string{".claude/settings.json", ".gemini/settings.json", ".codex/hooks.json", ".qwen/settings.json", ".factory/hooks.json", ".cursor/hooks.json"} {
		if !strings.Contains(stdout, filepath.Join(s.project, filepath.FromSlash(f))) {
			t.Errorf("install does not plan %s:\n%s", f, stdout)
		}
	}
	code, _, stderr = runMain(t, bin, "install", "--dir", s.project, "--hosts", "cline", "--binary-in-project", "bin/guard", "--dry-run")
	if code != 2 || !strings.Contains(stderr, "no way to find the project's directory") || !strings.Contains(stderr, "nothing was written") {
		t.Errorf("install --hosts cline --binary-in-project: exit %d, want 2 naming why:\n%s", code, stderr)
	}
}
