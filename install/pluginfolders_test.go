package install

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/install/internal/projectroot"
)

// The folders each plugin host loads modules from, as measured (OpenCode
// 1.18.33, Kilo Code CLI 7.7.7; see package opencode): plugin/ and
// plugins/ of each configuration directory, the one install writes
// first; a project's in the directories above it up to the git root; the
// user's under $XDG_CONFIG_HOME, the home directory and the variable
// naming one more (when absolute).
func TestPluginFolders(t *testing.T) {
	root := t.TempDir()
	repo, project, home := filepath.Join(root, "repo"), filepath.Join(root, "repo", "apps", "web"), filepath.Join(root, "home")
	for _, d := range []string{filepath.Join(repo, ".git"), project, home} {
		os.MkdirAll(d, 0o755)
	}
	vars := map[string]string{"XDG_CONFIG_HOME": filepath.Join(root, "xdg"), "OPENCODE_CONFIG_DIR": filepath.Join(root, "occ"), "KILO_CONFIG_DIR": "relative/kilo"}
	e := env{dir: project, home: home, getenv: func(k string) string { return vars[k] }, binary: "/home/dev/bin/guard"}
	rel := func(ps []string) []string {
		var out []string
		for _, p := range ps {
			r, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(r))
		}
		return out
	}
	for _, c := range []struct {
		host  hooks.Host
		scope Scope
		want  []string
	}{
		{"opencode", Project, []string{"repo/apps/web/.opencode/plugin", "repo/apps/web/.opencode/plugins",
			"repo/apps/.opencode/plugin", "repo/apps/.opencode/plugins", "repo/.opencode/plugin", "repo/.opencode/plugins"}},
		{"opencode", User, []string{"xdg/opencode/plugin", "xdg/opencode/plugins", "home/.opencode/plugin", "home/.opencode/plugins",
			"occ/plugin", "occ/plugins"}},
		{"kilo", Project, []string{"repo/apps/web/.kilo/plugin", "repo/apps/web/.kilo/plugins", "repo/apps/web/.kilocode/plugin", "repo/apps/web/.kilocode/plugins",
			"repo/apps/.kilo/plugin", "repo/apps/.kilo/plugins", "repo/apps/.kilocode/plugin", "repo/apps/.kilocode/plugins",
			"repo/.kilo/plugin", "repo/.kilo/plugins", "repo/.kilocode/plugin", "repo/.kilocode/plugins"}},
		// KILO_CONFIG_DIR is not absolute: not read.
		{"kilo", User, []string{"xdg/kilo/plugin", "xdg/kilo/plugins", "home/.kilo/plugin", "home/.kilo/plugins", "home/.kilocode/plugin", "home/.kilocode/plugins"}},
		{"opencode", Local, nil},
	} {
		h, err := lookupHost(builtin.Adapters(), c.host)
		if err != nil {
			t.Fatal(err)
		}
		if got := rel(h.pluginFolders(c.scope, e)); !slices.Equal(got, c.want) {
			t.Errorf("%s %s:\n got %q\nwant %q", c.host, c.scope, got, c.want)
		}
	}
	// Outside git: every directory above, but the home directory (the
	// user's scope).
	if got := projectroot.Dirs(filepath.Join(home, "src", "p"), home); len(got) < 3 || got[1] != filepath.Join(home, "src") || slices.Contains(got, home) ||
		got[len(got)-1] != filepath.Dir(got[len(got)-1]) {
		t.Errorf("outside git: %q", got)
	}
}

// pluginSandbox is a sandbox with our module for the sandbox's binary
// rendered as install writes it for host, and the path install writes
// it to in the project.
func pluginSandbox(t *testing.T, host hooks.Host) (*sandbox, []byte, string) {
	t.Helper()
	s := newSandbox(t, "allow")
	o := s.opts(host)
	o.DryRun = true
	cs, err := Install(o)
	if err != nil || len(cs) != 1 {
		t.Fatalf("%v %+v", err, cs)
	}
	return s, cs[0].After, cs[0].Path
}

// Doctor checks a module of ours wherever the host loads it from, and
// names the file: found in any of the other folders it runs the hook as
// the one install writes does; install then refuses to write a second,
// naming it; with both there, doctor warns that the hook runs twice; and
// uninstall removes both, leaving the user's modules beside them.
func TestPluginDoctorEveryFolder(t *testing.T) {
	for _, c := range []struct {
		host  hooks.Host
		scope Scope
		rel   string // under root: project/, home/, xdg/, occ/
	}{
		{"opencode", Project, "project/.opencode/plugins/guard.js"},
		{"opencode", Project, "project/.opencode/plugin/other-name.ts"},
		{"opencode", Project, ".opencode/plugin/guard.js"}, // the directory above the project
		{"opencode", User, "home/.opencode/plugins/guard.js"},
		{"opencode", User, "xdg/opencode/plugins/guard.js"},
		{"opencode", User, "occ/plugin/guard.js"},
		{"kilo", Project, "project/.kilocode/plugin/guard.js"},
		{"kilo", Project, "project/.kilo/plugins/guard.js"},
		{"kilo", User, "home/.kilocode/plugins/guard.js"},
	} {
		t.Run(string(c.host)+"/"+c.rel, func(t *testing.T) {
			s, mod, _ := pluginSandbox(t, c.host)
			root := filepath.Dir(s.project)
			os.WriteFile(filepath.Join(root, ".git"), []byte("gitdir: elsewhere\n"), 0o644) // a worktree's root
			vars := map[string]string{"XDG_CONFIG_HOME": filepath.Join(root, "xdg"), "OPENCODE_CONFIG_DIR": filepath.Join(root, "occ")}
			o := s.opts(c.host)
			o.Scope, o.Getenv = c.scope, func(k string) string { return vars[k] }
			if c.scope == User {
				// The user's module renders as the project's does.
				o.DryRun = true
				cs, _ := Install(o)
				mod, o.DryRun = cs[0].After, false
			}
			q := filepath.Join(root, filepath.FromSlash(c.rel))
			mine := filepath.Join(filepath.Dir(q), "mine.js")
			writeAbs(t, q, mod)
			writeAbs(t, mine, []byte("export const Mine = async () => ({})\n"))
			r, out := s.doctor(t, o)
			if !r.Healthy() || r.Entries != 4 || !strings.Contains(out, q+"\n  ok   plugin running the hook on 4 events") ||
				strings.Count(out, ": no opinion") != 4 || !strings.Contains(out, "which is not where install writes it") {
				t.Errorf("doctor:\n%s", out)
			}
			_, err := Install(o)
			if err == nil || !strings.Contains(err.Error(), "also loads a plugin of this binary from "+q+":") {
				t.Fatalf("install with a module of ours in %s: %v", c.rel, err)
			}
			p := o.path(t, c.host)
			if _, err := os.Stat(p); err == nil {
				t.Fatalf("install wrote %s anyway", p)
			}
			writeAbs(t, p, mod)
			if r, out := s.doctor(t, o); !r.Healthy() || r.Entries != 8 || !strings.Contains(out, "loads this plugin as well as "+p+": the hook runs twice") {
				t.Errorf("doctor with two:\n%s", out)
			}
			cs, err := Uninstall(o)
			if err != nil || len(cs) != 2 || !cs[0].Deleted || !cs[1].Deleted || cs[1].Path != q {
				t.Fatalf("uninstall: %v %+v", err, cs)
			}
			for _, f := range []string{p, q} {
				if _, err := os.Lstat(f); !os.IsNotExist(err) {
					t.Errorf("uninstall left %s", f)
				}
			}
			if _, err := os.Stat(mine); err != nil {
				t.Errorf("uninstall took the user's module: %v", err)
			}
		})
	}
}

// path is the module install writes for host and o's scope.
func (o Options) path(t *testing.T, host hooks.Host) string {
	t.Helper()
	po := Options{Binary: o.Binary, Hosts: []hooks.Host{host}, Dir: o.Dir, Home: o.Home, Getenv: o.Getenv}
	hs, e, err := po.prepare()
	if err != nil {
		t.Fatal(err)
	}
	return hs[0].path(o.Scope, e)
}

// A module of ours whose binary is gone fails doctor wherever the host
// loads it from, whatever its name, and uninstall --orphans removes it
// there; a module that is not ours (the user's, another binary's that
// exists, ours edited) is never touched.
func TestPluginOrphansEveryFolder(t *testing.T) {
	s, _, p := pluginSandbox(t, "opencode")
	gone := filepath.Join(t.TempDir(), "old-guard")
	os.WriteFile(gone, []byte("#!/bin/sh\n"), 0o755)
	old := Options{Binary: gone, Hosts: []hooks.Host{"opencode"}, Dir: t.TempDir(), Home: s.home, DryRun: true}
	cs, err := Install(old)
	if err != nil {
		t.Fatal(err)
	}
	orphan := cs[0].After
	edited := strings.Replace(string(orphan), "const WIRE = 1", "const WIRE = 1 // edited", 1)
	os.Remove(gone)
	plugins := filepath.Join(s.project, ".opencode", "plugins")
	files := map[string]string{
		"renamed.js": string(orphan),
		"edited.js":  edited,
		"mine.ts":    "export const Mine = async () => ({})\n",
	}
	for name, content := range files {
		write(t, plugins, map[string][]byte{name: []byte(content)})
	}
	o := s.opts("opencode")
	s.install(t, o)
	r, out := s.doctor(t, o)
	if r.Healthy() || len(fails(r)) != 1 || !strings.Contains(out, filepath.Join(plugins, "renamed.js")+"\n  FAIL a plugin of "+gone+", which no longer exists") {
		t.Errorf("doctor:\n%s", out)
	}
	cs, err = UninstallOrphans(o)
	if err != nil || len(cs) != 1 || !cs[0].Deleted || cs[0].Path != filepath.Join(plugins, "renamed.js") {
		t.Fatalf("uninstall --orphans: %v %+v", err, cs)
	}
	delete(files, "renamed.js")
	for name, content := range files {
		if b, _ := os.ReadFile(filepath.Join(plugins, name)); string(b) != content {
			t.Errorf("%s changed", name)
		}
	}
	if r, out := s.doctor(t, o); !r.Healthy() {
		t.Errorf("doctor after uninstall --orphans:\n%s", out)
	}
	if _, err := os.Stat(p); err != nil {
		t.Errorf("uninstall --orphans took this binary's module: %v", err)
	}
}

// An attacker's view of the folders: a link to the module install writes
// is a second load (install refuses, doctor warns, uninstall removes the
// module once and leaves the link); a folder named like a module, a file
// where a plugin folder would be, a dangling link and a .mjs are not
// modules; and nothing fails half-way.
func TestPluginFoldersOddEntries(t *testing.T) {
	s, _, p := pluginSandbox(t, "opencode")
	o := s.opts("opencode")
	s.install(t, o)
	oc := filepath.Join(s.project, ".opencode")
	link := filepath.Join(oc, "plugins", "guard.js")
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(p, link); err != nil {
		t.Skip(err)
	}
	os.MkdirAll(filepath.Join(oc, "plugin", "folder.js"), 0o755)
	os.Symlink(filepath.Join(oc, "nowhere.js"), filepath.Join(oc, "plugin", "dangling.js"))
	before, _ := os.ReadFile(p)
	write(t, oc, map[string][]byte{"plugin/old.mjs": before})
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "from "+link+":") {
		t.Errorf("install with a link to its module: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != string(before) {
		t.Error("install changed the module")
	}
	r, out := s.doctor(t, o)
	if !strings.Contains(out, "as well as "+p+", which it is through a symbolic link") || len(fails(r)) != 0 {
		t.Errorf("doctor:\n%s", out)
	}
	cs, err := Uninstall(o)
	if err != nil || len(cs) != 1 || !cs[0].Deleted {
		t.Fatalf("uninstall: %v %+v", err, cs)
	}
	if _, err := os.Lstat(link); err != nil {
		t.Errorf("uninstall took the link: %v", err)
	}
	if _, err := os.Stat(filepath.Join(oc, "plugin", "old.mjs")); err != nil {
		t.Errorf("uninstall took the .mjs, which OpenCode does not load: %v", err)
	}

	// plugins is a file: OpenCode loads nothing from it, nor does doctor
	// look in it; install writes its own folder.
	s2, _, p2 := pluginSandbox(t, "opencode")
	write(t, s2.project, map[string][]byte{".opencode/plugins": []byte("not a folder\n")})
	o2 := s2.opts("opencode")
	s2.install(t, o2)
	if r, out := s2.doctor(t, o2); !r.Healthy() || strings.Contains(out, "warn") {
		t.Errorf("doctor with a file named plugins:\n%s", out)
	}
	if _, err := os.Stat(p2); err != nil {
		t.Error(err)
	}
}

// writeAbs writes data as the file at the absolute path p, and the
// folders it needs.
func writeAbs(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
