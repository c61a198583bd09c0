package install

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/opencode"
)

// OpenCode: install writes the plugin as .opencode/plugin/<binary>.js
// beside what OpenCode keeps in .opencode (node_modules, package.json,
// .gitignore) and the user's own plugins; it reads back with
// opencode.PluginConfigOf; re-running changes nothing; doctor runs it;
// uninstall gives back the folder byte for byte.
func TestPluginInstallUninstall(t *testing.T) {
	s := newSandbox(t, "deny")
	o := s.opts(opencode.Host)
	o.Events = []hooks.EventName{hooks.PreToolUse, hooks.PostToolUse}
	oc := filepath.Join(s.project, ".opencode")
	write(t, oc, map[string][]byte{
		"package.json": []byte(`{"dependencies":{"@opencode-ai/plugin":"1.18.33"}}` + "\n"),
		".gitignore":   []byte("node_modules\npackage.json\nbun.lock\n.gitignore\n"),
		"node_modules/@opencode-ai/plugin/index.js": []byte("export {}\n"),
		"plugin/mine.js": []byte("export const Mine = async () => ({})\n"),
	})
	before := tree(t, s.project)
	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(oc, "plugin", binaryName(s.bin)+".js")
	if len(cs) != 1 || cs[0].Path != p || !slices.Equal(cs[0].Added, []string{opencode.EventToolBefore, opencode.EventToolAfter}) {
		t.Fatalf("changes %+v", cs)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	c, ok := opencode.PluginConfigOf(data)
	if !ok || !slices.Equal(c.Argv, []string{s.bin, "--host", "opencode", "--timeout", "30s"}) || c.Timeout != 30*time.Second ||
		!slices.Equal(c.Callbacks, []string{opencode.CallbackBefore, opencode.CallbackAfter}) {
		t.Errorf("the plugin reads back as %+v, %v", c, ok)
	}
	cs, err = Install(o)
	if err != nil || len(cs) != 1 || cs[0].Changed() {
		t.Errorf("re-install: %v %+v", err, cs)
	}
	r, out := s.doctor(t, o)
	if !r.Healthy() || r.Entries != 2 || !strings.Contains(out, "plugin running the hook on 2 events: tool.execute.before, tool.execute.after") ||
		!strings.Contains(out, "tool.execute.before: answered") {
		t.Errorf("doctor:\n%s", out)
	}
	o.Events = nil
	cs, err = Uninstall(o)
	if err != nil || len(cs) != 1 || !cs[0].Deleted {
		t.Fatalf("uninstall: %v %+v", err, cs)
	}
	if after := tree(t, s.project); after != before {
		t.Errorf("uninstall left\n%v\nwant\n%v", after, before)
	}
	// In a project with no .opencode, uninstall takes the folders install
	// created too.
	empty := t.TempDir()
	o.Dir = empty
	s.install(t, o)
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(empty); len(ents) != 0 {
		t.Errorf("uninstall left %v", ents)
	}
}

// Kilo Code CLI, OpenCode's fork, gets the same plugin in its own
// folders (.kilo/plugin, $XDG_CONFIG_HOME/kilo/plugin), answering as
// opencode; the user scope follows XDG_CONFIG_HOME for both.
func TestPluginKiloAndUserScope(t *testing.T) {
	s := newSandbox(t, "allow")
	xdg := t.TempDir()
	o := s.opts("opencode", "kilo")
	o.Getenv = func(k string) string { return map[string]string{"XDG_CONFIG_HOME": xdg}[k] }
	s.install(t, o)
	name := binaryName(s.bin) + ".js"
	for _, p := range []string{filepath.Join(s.project, ".opencode", "plugin", name), filepath.Join(s.project, ".kilo", "plugin", name)} {
		data, _ := os.ReadFile(p)
		if c, ok := opencode.PluginConfigOf(data); !ok || !slices.Equal(c.Argv[1:3], []string{"--host", "opencode"}) || len(c.Callbacks) != 3 {
			t.Errorf("%s: %+v %v", p, c, ok)
		}
	}
	o.Scope = User
	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, c := range cs {
		paths = append(paths, c.Path)
	}
	if want := []string{filepath.Join(xdg, "opencode", "plugin", name), filepath.Join(xdg, "kilo", "plugin", name)}; !slices.Equal(paths, want) {
		t.Errorf("user scope wrote %v, want %v", paths, want)
	}
	if r, out := s.doctor(t, o); !r.Healthy() || r.Entries != 8 {
		t.Errorf("doctor:\n%s", out)
	}
	// Without XDG_CONFIG_HOME: ~/.config.
	o.Getenv = func(string) string { return "" }
	cs, err = Install(o)
	if err != nil || len(cs) != 2 || cs[0].Path != filepath.Join(s.home, ".config", "opencode", "plugin", name) {
		t.Errorf("user scope without XDG_CONFIG_HOME: %v %+v", err, cs)
	}
	o.Scope = Local
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "no local scope") {
		t.Errorf("local scope: %v", err)
	}
}

// Install never overwrites a plugin module of the same name that is not
// exactly its own for this binary (the user's, another binary's of the
// same name, ours edited), and then writes nothing at all, for any host;
// uninstall leaves such a module alone, and doctor warns about an edited
// one.
func TestPluginNotOurs(t *testing.T) {
	s := newSandbox(t, "allow")
	dir := filepath.Join(s.project, ".opencode", "plugin")
	p := filepath.Join(dir, binaryName(s.bin)+".js")
	other := Options{Binary: filepath.Join(t.TempDir(), binaryName(s.bin)), Hosts: []hooks.Host{"opencode"}, Dir: s.project, Home: s.home}
	if _, err := Install(other); err != nil {
		t.Fatal(err)
	}
	theirs, _ := os.ReadFile(p)
	o := s.opts("opencode", "kilo")
	s.install(t, Options{Binary: s.bin, Hosts: []hooks.Host{"opencode"}, Dir: t.TempDir(), Home: s.home})
	mine, _ := Install(Options{Binary: s.bin, Hosts: []hooks.Host{"opencode"}, Dir: t.TempDir(), Home: s.home, DryRun: true})
	edited := strings.Replace(string(mine[0].After), "const WIRE = 1", "const WIRE = 1 // edited", 1)
	for name, content := range map[string]string{
		"another binary's": string(theirs),
		"the user's":       "export const Guard = async () => ({})\n",
		"edited":           edited,
	} {
		os.WriteFile(p, []byte(content), 0o644)
		_, err := Install(o)
		if err == nil || !strings.Contains(err.Error(), "not ours") {
			t.Errorf("%s module: install error %v", name, err)
		}
		if _, err := os.Stat(filepath.Join(s.project, ".kilo")); err == nil {
			t.Errorf("%s module: install wrote Kilo's plugin anyway", name)
		}
		if _, err := Uninstall(o); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(p); string(b) != content {
			t.Errorf("%s module: uninstall changed it", name)
		}
	}
	os.WriteFile(p, []byte(edited), 0o644)
	if r, out := s.doctor(t, s.opts("opencode")); r.Healthy() || !strings.Contains(out, "not exactly the one install writes") {
		t.Errorf("doctor on an edited plugin:\n%s", out)
	}
}

// The flags: --fail-closed, --timeout, --gateway, --log and -- ARGS go
// into the plugin's command, which uninstall and doctor recognise whatever
// they were; --binary-on-path names the program alone; what the plugin
// cannot do (--matcher, --binary-in-project) is refused; an uninstall for
// some events leaves a plugin that runs on others.
func TestPluginFlags(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts("opencode")
	o.FailClosed, o.Timeout, o.Args, o.Log = true, 5*time.Second, []string{"--policy", "strict mode"}, filepath.Join(s.home, "hook log.jsonl")
	s.install(t, o)
	p := filepath.Join(s.project, ".opencode", "plugin", binaryName(s.bin)+".js")
	data, _ := os.ReadFile(p)
	c, _ := opencode.PluginConfigOf(data)
	want := []string{s.bin, "--host", "opencode", "--fail-closed", "--timeout", "5s", "--log", o.Log, "--", "--policy", "strict mode"}
	if !slices.Equal(c.Argv, want) || c.Timeout != 5*time.Second {
		t.Errorf("argv %q timeout %s, want %q", c.Argv, c.Timeout, want)
	}
	if r, out := s.doctor(t, s.opts("opencode")); !r.Healthy() {
		t.Errorf("doctor:\n%s", out)
	}
	// Uninstall for one event leaves the plugin, which runs on more.
	cs, err := Uninstall(Options{Binary: s.bin, Hosts: []hooks.Host{"opencode"}, Dir: s.project, Home: s.home, Events: []hooks.EventName{hooks.PreToolUse}})
	if err != nil || len(cs) != 1 || cs[0].Changed() || len(cs[0].Notes) == 0 {
		t.Errorf("uninstall of one event: %v %+v", err, cs)
	}
	if _, err := Uninstall(s.opts("opencode")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Errorf("uninstall without the flags left the plugin: %v", err)
	}

	bin := t.TempDir()
	if err := os.Link(s.bin, filepath.Join(bin, "guard")); err != nil {
		t.Skip(err)
	}
	t.Setenv("PATH", bin)
	o = s.opts("opencode")
	o.PathBinary = "guard"
	cs, err = Install(o)
	if err != nil {
		t.Fatal(err)
	}
	c, _ = opencode.PluginConfigOf(cs[0].After)
	if c.Argv[0] != "guard" {
		t.Errorf("--binary-on-path: argv %q", c.Argv)
	}
	if r, out := s.doctor(t, o); !r.Healthy() {
		t.Errorf("doctor, --binary-on-path:\n%s", out)
	}

	// No event the plugin has: nothing written.
	o = s.opts("opencode")
	o.Dir, o.Events = t.TempDir(), []hooks.EventName{hooks.UserPromptSubmit}
	if cs, err := Install(o); err != nil || len(cs) != 0 {
		t.Errorf("install of an event OpenCode has not: %v %+v", err, cs)
	}
	if ents, _ := os.ReadDir(o.Dir); len(ents) != 0 {
		t.Errorf("wrote %v", ents)
	}
	o = s.opts("opencode")
	o.Matcher = "bash"
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "--matcher") {
		t.Errorf("--matcher: %v", err)
	}
	o = s.opts("opencode")
	o.ProjectBinary = "bin/guard"
	os.MkdirAll(filepath.Join(s.project, "bin"), 0o755)
	os.Link(s.bin, filepath.Join(s.project, "bin", "guard"))
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "--binary-in-project") {
		t.Errorf("--binary-in-project: %v", err)
	}
}

// Doctor fails a plugin whose binary is gone: the plugin cannot start it
// and blocks every call.
func TestPluginDoctorMissingBinary(t *testing.T) {
	s := newSandbox(t, "allow")
	gone := filepath.Join(t.TempDir(), "guard")
	os.WriteFile(gone, []byte("#!/bin/sh\n"), 0o755)
	o := Options{Binary: gone, Hosts: []hooks.Host{"kilo"}, Dir: s.project, Home: s.home}
	s.install(t, o)
	os.Remove(gone)
	if r, out := s.doctor(t, o); r.Healthy() || !strings.Contains(out, "is missing") || !strings.Contains(out, "blocks every call") {
		t.Errorf("doctor:\n%s", out)
	}
	// Another binary's doctor names the orphan; its uninstall --orphans
	// removes it.
	mine := s.opts("kilo")
	s.install(t, mine)
	if r, out := s.doctor(t, mine); r.Healthy() || !strings.Contains(out, "a plugin of "+gone+", which no longer exists") {
		t.Errorf("doctor of another binary:\n%s", out)
	}
	cs, err := UninstallOrphans(mine)
	if err != nil || len(cs) != 1 || !cs[0].Deleted || cs[0].Path != filepath.Join(s.project, ".kilo", "plugin", "guard.js") {
		t.Fatalf("uninstall --orphans: %v %+v", err, cs)
	}
	if r, out := s.doctor(t, mine); !r.Healthy() {
		t.Errorf("doctor after uninstall --orphans:\n%s", out)
	}
}

// FuzzPluginModule checks, for any content of the module's path and any
// arguments, that reading a module never panics and takes for ours only
// what install renders for this binary; and that a module rendered with
// the fuzzed flags and arguments reads back as ours, with the same
// command, for this binary and no other.
func FuzzPluginModule(f *testing.F) {
	seed, _ := Install(Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{"opencode"}, Dir: "/home/dev/project", Home: "/home/dev", DryRun: true})
	for _, s := range []string{"", "export {}\n", string(seed[0].After),
		strings.Replace(string(seed[0].After), `"--host","opencode"`, `"--host","claude"`, 1),
		strings.Replace(string(seed[0].After), `/*END*/`, `/*END*/ /*END*/`, 1)} {
		f.Add([]byte(s), "--policy", uint8(0))
		f.Add([]byte(s), "it's a \"quoted\" -- arg\n", uint8(3))
	}
	// One project for every input (a folder per input would slow the
	// fuzzing down to a crawl): the inputs run one after the other.
	dir := f.TempDir()
	q := filepath.Join(dir, ".opencode", "plugins", "x.js")
	os.MkdirAll(filepath.Dir(q), 0o755)
	os.Mkdir(filepath.Join(dir, ".git"), 0o755) // the folders above are not the project's
	f.Fuzz(func(t *testing.T, src []byte, arg string, pick uint8) {
		const bin = "/home/dev/bin/guard"
		// In another folder OpenCode loads from, the module is a copy of
		// this binary's exactly when it is ours, and an orphan only when it
		// is ours for a binary that is not there.
		h, _ := lookupHost(builtin.Adapters(), "opencode")
		if err := os.WriteFile(q, src, 0o644); err != nil {
			t.Fatal(err)
		}
		e := env{dir: dir, home: filepath.Join(dir, "home"), getenv: func(string) string { return "" }, binary: bin}
		_, _, _, ours := h.pluginCommand(src, bin)
		if copies := h.pluginCopies(Project, e, bin, h.path(Project, e)); ours != slices.Equal(copies, []string{q}) || !ours && len(copies) > 0 {
			t.Errorf("copies %q, ours %v", copies, ours)
		}
		for _, o := range h.pluginOrphans(Project, e, bin) {
			if _, _, _, ours := h.pluginCommand(src, o.binary); !ours || o.path != q || shellwords.SamePath(o.binary, bin) {
				t.Errorf("orphan %+v", o)
			}
		}
		for _, name := range []hooks.Host{"opencode", "kilo"} {
			h, _ := lookupHost(builtin.Adapters(), name)
			if cmd, _, _, ours := h.pluginCommand(src, bin); ours {
				if words, ok := shellwords.Split(cmd); !ok || !ownCommand(cmd, bin, h) || len(words) < 3 || words[0] != bin {
					t.Errorf("%s: a module of ours with the command %q", name, cmd)
				}
			}
			o := Options{Binary: bin, FailClosed: pick&1 == 1, Timeout: time.Duration(pick>>1) * time.Second}
			if pick&2 != 0 {
				o.Args = []string{arg}
			}
			if checkArgs(o.Args, bin, h) != nil {
				continue
			}
			regs, _, err := h.registrations(nil, &o)
			if err != nil {
				t.Fatal(err)
			}
			want := h.command(bin, regs[0].native, o.FailClosed, regs[0].limit, o.gateway())
			m, err := h.pluginModule(want, regs, regs[0].limit)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, want, err)
			}
			cmd, natives, limit, ours := h.pluginCommand(m, bin)
			if !ours || cmd != want || len(natives) != len(regs) || limit != regs[0].limit {
				t.Errorf("%s: %q reads back as %q %v %s ours=%v", name, want, cmd, natives, limit, ours)
			}
			if _, _, _, ours := h.pluginCommand(m, "/home/dev/other/guard"); ours {
				t.Errorf("%s: another binary takes %q for its own", name, want)
			}
		}
	})
}
