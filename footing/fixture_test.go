package footing_test

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/footing"
)

// fixture is a project with a hook installed for Claude Code, Codex and
// Gemini CLI by --binary-in-project bin/guard, committed after a first
// commit without it, a home directory with Gemini's trust and the login
// profiles, and PATH with a directory that does not hold the binary.
type fixture struct {
	root, proj, home, bin string
	env                   []string
}

// newFixture builds the fixture in a temporary directory.
func newFixture(t testing.TB) *fixture {
	t.Helper()
	root := t.TempDir()
	f := &fixture{root: root, proj: filepath.Join(root, "proj"), home: filepath.Join(root, "home")}
	f.bin = filepath.Join(f.home, ".local", "bin")
	files := map[string]string{
		"proj/README.md":                     "readme\n",
		"proj/build/out.o":                   "obj\n",
		"proj/.vscode/settings.json":         "{}\n",
		"proj/config/settings.json":          "{}\n",
		"proj/src/hooks.json":                "{}\n",
		"proj/bin/other":                     "#!/bin/sh\n",
		"proj/names.txt":                     ".claude/settings.json\n",
		"proj/objs.txt":                      "build/out.o\n",
		"proj/quoted.txt":                    "'.cl'aude/settings.json\n",
		"proj/tmpl/bin/x":                    "",
		"proj/tmpl/.claude/settings.json":    "{}\n",
		"home/.gemini/trustedFolders.json":   "{}\n",
		"home/.gemini/settings.json":         "{}\n",
		"home/.claude/settings.json":         "{}\n",
		"home/.codex/config.toml":            "[hooks]\ntrusted_hash = \"x\"\n",
		"home/.bashrc":                       "# rc\n",
		"home/.profile":                      "# profile\n",
		"home/.local/bin/.keep":              "",
		"home/.local/state/agenthooks/.keep": "",
	}
	for p, c := range files {
		write(t, filepath.Join(root, p), c, 0o644)
	}
	// Script files an earlier call may have written.
	for p, c := range map[string]string{
		"proj/tools/swap.sh":    "echo swapping\ncp /bin/true bin/guard\n",
		"home/swap-home.sh":     "cp /bin/true bin/guard\n",
		"proj/tools/setup":      "#!/usr/bin/env bash\nset -e\nrm .claude/settings.json\n",
		"proj/tools/outer.sh":   "source tools/swap.sh\n",
		"proj/tools/ok.sh":      "echo ok > out.txt\n",
		"proj/tools/wrapper":    "#!/bin/sh\nexec \"${TOOL:-true}\" \"$@\"\n",
		"proj/tools/swap.py":    "#!/usr/bin/env python3\nimport shutil\nshutil.copy('/bin/true', 'bin/guard')\n",
		"proj/tools/ok.py":      "#!/usr/bin/env python3\nprint('ok')\n",
		"proj/modmain.py":       "import json\nimport swapmod\n",
		"proj/swapmod.py":       "import shutil\nshutil.copy('/bin/true', 'bin/guard')\n",
		"proj/okmain.py":        "import json\nimport okmod\n",
		"proj/okmod.py":         "print('ok')\n",
		"proj/tools/envc":       "#!/usr/bin/env -S sh -c 'cp /bin/true bin/guard'\necho hi\n",
		"proj/tools/hook.mk":    "all:\n\t@echo building\nx: all\n\tcp /bin/true ../bin/guard\n",
		"proj/web/package.json": `{"scripts": {"test": "echo ok", "posttest": "cp /bin/true ../bin/guard", "lint": "echo lint"}}`,
	} {
		write(t, filepath.Join(root, p), c, 0o755)
	}
	f.env = append(os.Environ(), "HOME="+f.home, "PATH="+f.bin+":/usr/bin:/bin", "XDG_CONFIG_HOME=", "CODEX_HOME=", "CLAUDE_CONFIG_DIR=",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "XDG_STATE_HOME=")
	f.git(t, "init", "-q")
	f.git(t, "add", ".")
	f.git(t, "commit", "-qm", "before the hook")
	hookFiles := map[string]string{
		".claude/settings.json": `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/bin/guard --host claude"}]}]}}` + "\n",
		".codex/hooks.json":     "{}\n",
		".gemini/settings.json": "{}\n",
	}
	for p, c := range hookFiles {
		write(t, filepath.Join(f.proj, p), c, 0o644)
	}
	write(t, filepath.Join(f.proj, "bin", "guard"), "#!/bin/sh\nexit 2\n", 0o755)
	f.git(t, "add", ".")
	f.git(t, "commit", "-qm", "install the hook")
	// A branch that drops the hook's settings, and patches for git apply.
	f.git(t, "checkout", "-q", "-b", "drop")
	f.git(t, "rm", "-q", ".claude/settings.json")
	f.git(t, "commit", "-qm", "drop the hook")
	f.git(t, "checkout", "-q", "-")
	old := hookFiles[".claude/settings.json"]
	write(t, filepath.Join(f.root, "hook.patch"), "diff --git a/.claude/settings.json b/.claude/settings.json\n--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-"+
		strings.TrimSuffix(old, "\n")+"\n+{}\n", 0o644)
	hunk := "@@ -1 +1 @@\n-" + strings.TrimSuffix(old, "\n") + "\n+{}\n"
	write(t, filepath.Join(f.root, "quoted.patch"), "diff --git \"a/.claude/settings.json\" \"b/.claude/settings.json\"\n--- \"a/.claude/settings.json\"\n+++ \"b/.claude/settings.json\"\n"+hunk, 0o644)
	write(t, filepath.Join(f.root, "stamped.patch"), "--- .claude/settings.json 2020-01-01 00:00:00 +0000\n+++ .claude/settings.json 2020-01-01 00:00:00 +0000\n"+hunk, 0o644)
	// Names that land on the hook file only as git places them: under
	// --directory, or with -p2.
	write(t, filepath.Join(f.root, "bare.patch"), "diff --git a/settings.json b/settings.json\n--- a/settings.json\n+++ b/settings.json\n"+hunk, 0o644)
	write(t, filepath.Join(f.root, "deep.patch"), "diff --git a/x/.claude/settings.json b/x/.claude/settings.json\n--- a/x/.claude/settings.json\n+++ b/x/.claude/settings.json\n"+hunk, 0o644)
	write(t, filepath.Join(f.root, "readme.patch"), "diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-readme\n+README\n", 0o644)
	write(t, filepath.Join(f.proj, ".claude", "settings.local.json"), "{}\n", 0o644) // not committed
	// Beside the project: a tree and archives that hold a hook file, and
	// ones that do not.
	write(t, filepath.Join(f.root, "evil", ".claude", "settings.json"), "{\"hooks\":{}}\n", 0o644)
	write(t, filepath.Join(f.root, "okd", "x"), "x\n", 0o644)
	writeArchives(t, f.root, "evil", map[string]string{".claude/settings.json": "{\"hooks\":{}}\n"})
	writeArchives(t, f.root, "ok", map[string]string{"okd/x": "x\n"})
	writeArchives(t, f.root, "evil-deep", map[string]string{"pkg/.claude/settings.json": "{\"hooks\":{}}\n"})
	return f
}

// writeArchives writes dir/name.tgz and dir/name.zip holding files.
func writeArchives(t testing.TB, dir, name string, files map[string]string) {
	t.Helper()
	var tb, zb bytes.Buffer
	gz := gzip.NewWriter(&tb)
	tw := tar.NewWriter(gz)
	zw := zip.NewWriter(&zb)
	for n, c := range files {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(c))}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(c))
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(c))
	}
	for _, c := range []interface{ Close() error }{tw, gz, zw} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(dir, name+".tgz"), tb.String(), 0o644)
	write(t, filepath.Join(dir, name+".zip"), zb.String(), 0o644)
}

func write(t testing.TB, p, c string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(c), mode); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) git(t testing.TB, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = f.proj, f.env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %q: %v\n%s", args, err, out)
	}
}

// set is the footing of bin/guard in the fixture, for an event in cwd.
func (f *fixture) set(cwd string) *footing.Set {
	getenv := func(k string) string {
		for i := len(f.env) - 1; i >= 0; i-- {
			if v, ok := strings.CutPrefix(f.env[i], k+"="); ok {
				return v
			}
		}
		return ""
	}
	return footing.Of(footing.Env{
		Executable: filepath.Join(f.proj, "bin", "guard"), Arg0: filepath.Join(f.proj, "bin", "guard"),
		Cwd: cwd, Home: f.home, Getenv: getenv, StateDir: filepath.Join(f.home, ".local", "state", "agenthooks"),
		Hosts: func() []footing.Host { return footing.HostsOf(builtin.Adapters()) },
	})
}

// snapshot returns every file, link and directory under the fixture
// (but .git) with its mode and content.
func (f *fixture) snapshot(t testing.TB) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(f.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		info, err := os.Lstat(p)
		if err != nil {
			return nil
		}
		v := info.Mode().String()
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			v += " -> " + l
		case info.Mode().IsRegular():
			b, _ := os.ReadFile(p)
			v += fmt.Sprintf(" %x", sha256.Sum256(b))
		}
		out[p] = v
		return nil
	})
	return out
}

// bash runs cmd under real bash in the project and returns the footing
// paths it changed.
func (f *fixture) bash(t testing.TB, cmd string) []string {
	t.Helper()
	before := f.snapshot(t)
	c := exec.Command("bash", "-c", cmd)
	c.Dir, c.Env = f.proj, f.env
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	_ = c.Run() // failing commands may still change files
	after := f.snapshot(t)
	s := f.set(f.proj)
	var changed []string
	for p, v := range before {
		if after[p] != v {
			if _, ok := s.Touches(p, true); ok {
				changed = append(changed, p)
			}
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			if _, ok := s.Touches(p, true); ok {
				changed = append(changed, p)
			}
		}
	}
	if testing.Verbose() && len(changed) == 0 {
		t.Logf("bash %q: %s", cmd, out.String())
	}
	return changed
}

// checkBash runs cmd under real bash (see bash): a command the footing
// denies must change a footing path, one it allows none.
func (f *fixture) checkBash(t testing.TB, cmd string, deny bool) {
	t.Helper()
	changed := f.bash(t, cmd)
	if deny && len(changed) == 0 {
		t.Errorf("%s: denied, but under bash it changes no footing file", cmd)
	}
	if !deny && len(changed) > 0 {
		t.Errorf("%s: allowed, but under bash it changes %q", cmd, changed)
	}
}

// addPath puts dir last on the fixture's PATH.
func (f *fixture) addPath(dir string) {
	for i, kv := range f.env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			f.env[i] = "PATH=" + v + ":" + dir
		}
	}
}
